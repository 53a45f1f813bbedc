import { TOURNAMENT_GAMES_PAGE } from "../../../core/api/tournament-constants";

/** The page `?page=` names (1 when absent), or null when it names no page (garbage, 0, leading zeros, too many digits). */
export function askedGamehallPage(raw: string | null): number | null {
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : null;
}

/**
 * The page of a tournament's gamehall that `?page=` asks for (1 when absent), with the number of
 * pages, or null when it is not a page of the list (garbage, 0, leading zeros, past the end): the
 * loader's 404. An empty list still has its first (empty) page.
 */
export function gamehallPage(raw: string | null, games: number): { page: number; pages: number } | null {
  const pages = Math.max(1, Math.ceil(games / TOURNAMENT_GAMES_PAGE));
  const page = askedGamehallPage(raw);
  return page !== null && page <= pages ? { page, pages } : null;
}
