import type { Leaderboard, LeaderboardRow } from "../../../core/api/contract-tournaments";
import { LEADERBOARD_EVENT, LEADERBOARD_ME_EVENT } from "../../../core/api/reward-events";
import { BOARD_PAGE } from "./paging";

/**
 * The leaderboard a page shows: the server's (leaderboard.get, the record), then as the
 * tournament's live board pushes it (`/realtime/tournaments/{id}`, shared brief of decision
 * 0048). `live` is the last pushed top's version: the record's own `version` counts something
 * else, so only pushed versions are compared with each other. It starts at 0: a board at version
 * 0 has never taken a score, and the record the server rendered is not replaced by its emptiness.
 */
export interface BoardState {
  items: Omit<LeaderboardRow, "is_me">[];
  total: number;
  me: LeaderboardRow | null;
  points_to_prize: number | null;
  live: number;
}

/** The rows as a pushed top carries them (no is_me), so a push of the same top changes nothing the page keys on. */
const topRow = ({ rank, player, points, reached_at }: Omit<LeaderboardRow, "is_me">) => ({ rank, player, points, reached_at });

export function initialBoard(board: Leaderboard): BoardState {
  return { items: board.items.map(topRow), total: board.total, me: board.me, points_to_prize: board.points_to_prize, live: 0 };
}

/** A pushed message `{event, data, ts}`, as the realtime channel hands it over (already JSON). */
export type BoardMessage = { event?: unknown; data?: unknown };

const isRow = (r: unknown): r is LeaderboardRow => {
  const row = r as Partial<LeaderboardRow> | null;
  return !!row && typeof row.rank === "number" && typeof row.player === "string" && typeof row.points === "number";
};

/**
 * The board after one pushed message of tournament `id`: a newer top replaces the rows (an older
 * one, arriving late after a reconnect, is dropped); the reader's row replaces the pinned one and
 * "what it takes". Anything else (another tournament, a malformed message) leaves it as it was.
 */
export function applyBoardMessage(state: BoardState, id: number, m: BoardMessage): BoardState {
  const d = m.data as Record<string, unknown> | null | undefined;
  if (!d || d.tournament_id !== id) return state;
  if (m.event === LEADERBOARD_EVENT) {
    const { items, total, version } = d;
    if (!Array.isArray(items) || !items.every(isRow) || typeof version !== "number" || version <= state.live) return state;
    return {
      ...state,
      // The live board pushes its top 50 (LEADERBOARD_PAGE); the page shows its first BOARD_PAGE.
      // Taking all 50 made every first push differ from the server's rows: their code loaded and
      // they rendered again on every visit, even with the board standing still.
      items: items.slice(0, BOARD_PAGE).map(topRow),
      total: typeof total === "number" ? total : state.total,
      live: version,
    };
  }
  if (m.event === LEADERBOARD_ME_EVENT) {
    if (d.row !== null && !isRow(d.row)) return state;
    const toPrize = typeof d.points_to_prize === "number" ? d.points_to_prize : null;
    return { ...state, me: d.row ? { ...(d.row as LeaderboardRow), is_me: true } : null, points_to_prize: toPrize };
  }
  return state;
}
