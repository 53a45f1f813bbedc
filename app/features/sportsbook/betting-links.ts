/** Kept apart from betting-query.ts (the loader's parsing), so the page's links do not bring it to the browser. */

/** A /betting address with these filters (the links of the sports menu and the events). */
export function bettingSearch(f: { sport?: string | null; league?: number | null; event?: number | null }): string {
  const q = new URLSearchParams();
  if (f.sport) q.set("sport", f.sport);
  if (f.sport && f.league) q.set("league", String(f.league));
  if (f.event) q.set("event", String(f.event));
  const s = q.toString();
  return s ? `?${s}` : "";
}
