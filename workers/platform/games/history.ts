import type { GameRound } from "../../../core/api/entities-games";
import type { PlatformContext } from "../core/context";

/**
 * games.getHistory: the player's settled rounds, newest first (index game_rounds_by_player).
 * A round whose payment has not committed (operation_id NULL) is not history yet.
 */
export async function getHistory(ctx: PlatformContext, offset: number, count: number): Promise<{ items: GameRound[]; count: number }> {
  const [page, total] = await ctx.db.batch([
    ctx.db
      .prepare(
        `SELECT r.id, r.sysname, r.mode, r.bet, r.win, r.currency, r.symbols, r.created_at, g.title
         FROM game_rounds r JOIN games g ON g.id = r.game_id
         WHERE r.uid = ?1 AND r.operation_id IS NOT NULL
         ORDER BY r.created_at DESC, r.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(ctx.uid, count, offset),
    ctx.db.prepare("SELECT COUNT(*) AS n FROM game_rounds WHERE uid = ?1 AND operation_id IS NOT NULL").bind(ctx.uid),
  ]);
  type Row = {
    id: string;
    sysname: string;
    mode: "demo" | "real";
    bet: number;
    win: number;
    currency: string;
    symbols: string;
    created_at: number;
    title: string;
  };
  const items = (page!.results as Row[]).map((r) => ({
    id: r.id,
    game: r.sysname,
    title: r.title,
    mode: r.mode,
    bet: { amount: r.bet, currency: r.currency },
    win: { amount: r.win, currency: r.currency },
    symbols: JSON.parse(r.symbols) as string[][],
    created_at: r.created_at,
  }));
  return { items, count: (total!.results[0] as { n: number }).n };
}
