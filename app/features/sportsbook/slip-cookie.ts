import { readCookie, serializeCookie } from "../../../core/cookies";
import { BET_MAX_LEGS } from "../../../core/api/sportsbook-limits";

/**
 * The bet slip lives in a cookie the server reads (decision 0073-sportsbook-page), so the page
 * renders it without JavaScript and it survives navigation and reloads: `betslip=<id>:<odds>,…`,
 * each selection with the odds the player last saw (and accepted), at most BET_MAX_LEGS of them.
 * Shared by the route's action (forms) and the browser (clicks with JavaScript).
 */
export const SLIP_COOKIE = "betslip";
/** A slip outlives a session but not a season: 30 days. */
export const SLIP_MAX_AGE = 30 * 24 * 60 * 60;

export type SlipEntry = { id: number; odds: number };

/** The cookie's entries; anything malformed is dropped, not an error (it is the browser's to keep). */
export function parseSlip(raw: string | undefined | null): SlipEntry[] {
  const out: SlipEntry[] = [];
  for (const part of (raw ?? "").split(",")) {
    const m = /^(\d{1,10}):(\d{3,7})$/.exec(part.trim());
    if (!m) continue;
    const id = Number(m[1]);
    if (id > 0 && !out.some((e) => e.id === id)) out.push({ id, odds: Number(m[2]) });
    if (out.length === BET_MAX_LEGS) break;
  }
  return out;
}

export function serializeSlip(entries: readonly SlipEntry[]): string {
  return entries
    .slice(0, BET_MAX_LEGS)
    .map((e) => `${e.id}:${e.odds}`)
    .join(",");
}

/** Clicking an odds button: adds the selection, or takes it off when it is on the slip already (a toggle). */
export function toggleSelection(entries: readonly SlipEntry[], add: SlipEntry): SlipEntry[] {
  if (entries.some((e) => e.id === add.id)) return entries.filter((e) => e.id !== add.id);
  return entries.length >= BET_MAX_LEGS ? [...entries] : [...entries, add];
}

/** Accepting moved odds: each entry takes the odds now offered. */
export function acceptOdds(entries: readonly SlipEntry[], current: ReadonlyMap<number, number>): SlipEntry[] {
  return entries.map((e) => ({ id: e.id, odds: current.get(e.id) ?? e.odds }));
}

/**
 * The cookie that keeps these entries (none: it is removed). `secure` everywhere but a local run
 * over plain HTTP: the server passes APP_ENV's word, the browser its page's protocol.
 */
export function slipCookie(entries: readonly SlipEntry[], secure: boolean): string {
  return serializeCookie(SLIP_COOKIE, serializeSlip(entries), { maxAge: entries.length ? SLIP_MAX_AGE : 0, secure });
}

/** The browser's slip after `change` (with JavaScript: no post, the page's loader re-reads it). */
export function changeInBrowser(change: (entries: SlipEntry[]) => SlipEntry[]): void {
  const next = change(parseSlip(readCookie(document.cookie, SLIP_COOKIE)));
  // biome-ignore lint/suspicious/noDocumentCookie: a synchronous write the next request carries; the Cookie Store API is not in every browser we serve
  document.cookie = slipCookie(next, location.protocol === "https:");
}

/** With JavaScript, an odds button's click: the browser's cookie takes the selection or lets it go. */
export function toggleInBrowser(entry: SlipEntry): void {
  changeInBrowser((s) => toggleSelection(s, entry));
}
