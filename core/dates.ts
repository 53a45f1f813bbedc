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
