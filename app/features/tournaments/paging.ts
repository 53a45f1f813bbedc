import { TOURNAMENT_GAMES_PAGE } from "../../../core/api/tournament-constants";

/** Places a page of a tournament's leaderboard shows (`/tournaments/{id}?board=`), the reader's own row pinned above them. */
export const BOARD_PAGE = 25;

/** How many of the reader's latest scoring rounds a tournament's page lists (all their rounds are in the bet history). */
export const RECEIPTS = 10;

/** The page a `?page=` or `?board=` names (1 when absent), or null when it names no page (garbage, 0, leading zeros, too many digits). */
export function askedPage(raw: string | null): number | null {
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : null;
}

/**
 * The page of a list of `count` items, `size` a page, that the query value asks for (1 when
 * absent), with the number of pages, or null when it is not a page of the list (garbage, 0,
 * leading zeros, past the end): the loader's 404. An empty list still has its first (empty) page.
 */
export function pageOf(raw: string | null, count: number, size: number): { page: number; pages: number } | null {
  const pages = Math.max(1, Math.ceil(count / size));
  const page = askedPage(raw);
  return page !== null && page <= pages ? { page, pages } : null;
}

/** A page of a tournament's gamehall (12 games a page, SPEC §9). */
export const gamehallPage = (raw: string | null, games: number) => pageOf(raw, games, TOURNAMENT_GAMES_PAGE);

/** A page of a tournament's leaderboard, by the number of players with points. */
export const boardPage = (raw: string | null, total: number) => pageOf(raw, total, BOARD_PAGE);
