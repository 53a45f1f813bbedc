/** Plain values of the tournaments' contract that browser code uses, apart from its schemas (and Zod). */

export const TOURNAMENT_STATUSES = ["active", "future", "finished"] as const;
/** SPEC §9: the tournament gamehall shows 12 games a page. */
export const TOURNAMENT_GAMES_PAGE = 12;
