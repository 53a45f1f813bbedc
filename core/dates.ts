/**
 * Dates as SPEC §9 shows them: dd.mm.yyyy, times H:mm. In UTC: the server's HTML and the
 * browser's render must agree (no hydration mismatch), and the platform knows no player time zone.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** "05.03.2027" for a Unix ms time. */
export function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** "05.03.2027 9:07" for a Unix ms time. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return `${formatDate(ms)} ${d.getUTCHours()}:${pad(d.getUTCMinutes())}`;
}

/** Time played as H:MM:SS ("0:05:09", "12:00:00"): the header's session clock and the game's own. */
export function clockText(elapsedMs: number): string {
  const s = Math.max(0, Math.floor(elapsedMs / 1000));
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}
