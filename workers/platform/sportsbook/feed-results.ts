import type { MarketLayout, Outcome } from "./feed-odds";

export type Result = "win" | "lose" | "void";

/**
 * The result rules of the shared interface (decision 0049): match result — the outcome matching
 * the final score wins (a level score in a market without a draw voids it); total line L — over if
 * (home+away)×100 > L, under if <, both void if equal; handicap L (home) — home if
 * (home−away)×100 + L > 0, away if < 0, both void if 0. Answers each selection's result and the
 * market's status: 'void' when every selection is void, else 'settled'.
 */
export function settleMarket(m: Pick<MarketLayout, "kind" | "line" | "selections">, home: number, away: number) {
  let winner: Outcome | null;
  if (m.kind === "match_result") {
    winner = home > away ? "home" : home < away ? "away" : "draw";
    if (winner === "draw" && !m.selections.some((s) => s.outcome === "draw")) winner = null;
  } else if (m.kind === "total") {
    const v = (home + away) * 100 - (m.line ?? 0);
    winner = v > 0 ? "over" : v < 0 ? "under" : null;
  } else {
    const v = (home - away) * 100 + (m.line ?? 0);
    winner = v > 0 ? "home" : v < 0 ? "away" : null;
  }
  const results = m.selections.map((s) => ({ id: s.id, result: (winner === null ? "void" : s.outcome === winner ? "win" : "lose") as Result }));
  return { status: winner === null ? ("void" as const) : ("settled" as const), results };
}
