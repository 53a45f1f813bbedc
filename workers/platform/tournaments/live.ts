import { PlatformError } from "../../../core/api/errors";
import { tournamentBoard } from "../../realtime/tournament-board";
import type { Handlers } from "../core/context";

/**
 * leaderboard.live and leaderboard.top (issue 22, decision 0048 "The live board"): read from the
 * tournament's Durable Object (workers/realtime/tournament-board.ts), which holds the ranking in
 * memory, instead of ranking D1 rows on every poll. leaderboard.get is the record's view (D1).
 */

type LiveMethods = "leaderboard.live" | "leaderboard.top";

/** The socket a page subscribes to for leaderboard.updated and leaderboard.me. */
export const boardSocketPath = (id: number) => `/realtime/tournaments/${id}`;

const unknown = () => new PlatformError("InvalidParameter", "No such tournament", { status: 404, fields: { tournament_id: ["No such tournament"] } });

/**
 * The tournament's status from D1 (404 when it has none). Guarded for a database without the
 * tournaments table (the platform slice's migration): then the board answers for any id.
 */
async function tournamentStatus(db: D1Database, id: number): Promise<string | null> {
  try {
    const row = await db.prepare("SELECT status FROM tournaments WHERE id = ?").bind(id).first<{ status: string }>();
    if (!row) throw unknown();
    return row.status;
  } catch (e) {
    if (e instanceof Error && /no such table/.test(e.message)) return null;
    throw e;
  }
}

export const liveBoardHandlers: Handlers<LiveMethods> = {
  async "leaderboard.live"(params, ctx) {
    const id = params.tournament_id;
    const status = await tournamentStatus(ctx.db, id);
    // A finished tournament has no prize left to chase (the contract's null); the board still shows.
    const board = await tournamentBoard(ctx.env, id).live(id, ctx.uid, params.count, status === "finished" ? 0 : undefined);
    return { ...board, socket: boardSocketPath(id) };
  },
  async "leaderboard.top"(params, ctx) {
    const id = params.tournament_id;
    await tournamentStatus(ctx.db, id);
    return tournamentBoard(ctx.env, id).top(id, params.count);
  },
};
