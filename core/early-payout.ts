/**
 * Early payout (issue 42, decision 0107): a match-result pick is paid as a winner as soon as its side
 * leads by this much, whatever happens after — two goals in football (bet365's "2 Goals Ahead"),
 * three in ice hockey, twenty points in basketball, two sets in tennis. A draw is never paid early.
 * Shared by the platform (the rule on the feed's score steps) and the pages (saying it beside the
 * market and on the slip).
 */
export const EARLY_PAYOUT_LEAD: Readonly<Record<string, number>> = {
  football: 2,
  "ice-hockey": 3,
  basketball: 20,
  tennis: 2,
};

/** The lead that pays a pick of this sport's market early, or null when the market has no early payout. */
export function earlyPayoutLead(sport: string, kind: string, outcome?: string): number | null {
  if (kind !== "match_result" || outcome === "draw") return null;
  return EARLY_PAYOUT_LEAD[sport] ?? null;
}

/** The side a score pays early at this lead (null: no side leads by that much). */
export function earlyWinner(lead: number, home: number, away: number): "home" | "away" | null {
  return home - away >= lead ? "home" : away - home >= lead ? "away" : null;
}
