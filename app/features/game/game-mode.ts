/** SPEC §9: the demo-mode notice appears after this many seconds of demo play (no site setting exists). */
export const DEMO_NOTICE_DELAY_SECONDS = 300;

/** A game's sysname as the catalogue spells it; anything else is a 404 without asking the platform. */
export const SYSNAME = /^[a-z0-9_-]{1,64}$/;

export type GameMode = "demo" | "real";

/**
 * How the page launches the game. A visitor always plays the demo (real play is offered through
 * registration); a game without a demo has nothing to play for a visitor ("none"). A player plays
 * for real unless `?mode=demo` asks for the demo and the game has one.
 */
export function resolveMode(requested: string | null, signedIn: boolean, hasDemo: boolean): GameMode | "none" {
  if (!signedIn) return hasDemo ? "demo" : "none";
  return requested === "demo" && hasDemo ? "demo" : "real";
}

/** The studio's launch path of a game in a mode (decision 0016), framed by the game page. */
export function studioSrc(sysname: string, mode: GameMode): string {
  return `/platform/game/${encodeURIComponent(sysname)}?mode=${mode}`;
}

/** RTP as the page shows it: 96.2 → "96.20 %". */
export function formatRtp(rtp: number): string {
  return `${rtp.toFixed(2)} %`;
}
