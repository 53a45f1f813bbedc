import type { GameRound } from "../../../core/api/entities-games";
import type { PlatformContext } from "../core/context";
import { PLAYER_COUNTS, playerCountSql } from "../player/tables";

/**
 * games.getHistory: the player's settled rounds, newest first (index game_rounds_by_player).
 * A round whose payment has not committed (operation_id NULL) is not history yet. The rounds are
 * the player's own tables; their games' titles are the catalogue's, read beside them (decision 0075).
 * An original's round carries its draw, and its server seed once revealed (decision 0115).
 */
export async function getHistory(ctx: PlatformContext, offset: number, count: number): Promise<{ items: GameRound[]; count: number }> {
  const own = ctx.player();
  const [page, total] = await own.batch([
    own
      .prepare(
        `SELECT r.id, r.game_id, r.sysname, r.mode, r.bet, r.win, r.currency, r.symbols, r.created_at,
           o.outcome, o.nonce, o.client_seed, s.server_seed_hash, CASE WHEN s.revealed_at IS NOT NULL THEN s.server_seed END AS server_seed
         FROM game_rounds r
         LEFT JOIN original_rounds o ON o.round_id = r.id LEFT JOIN wheel_seeds s ON s.id = o.seed_id
         WHERE r.uid = ?1 AND r.operation_id IS NOT NULL
         ORDER BY r.created_at DESC, r.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(ctx.uid, count, offset),
    own.prepare(playerCountSql(PLAYER_COUNTS.rounds)).bind(ctx.uid),
  ]);
  const ids = [...new Set((page!.results as { game_id: number }[]).map((r) => r.game_id))];
  const titles = new Map(
    ids.length
      ? (
          await ctx.db
            .prepare("SELECT id, title FROM games WHERE id IN (SELECT value FROM json_each(?1))")
            .bind(JSON.stringify(ids))
            .all<{ id: number; title: string }>()
        ).results.map((g) => [g.id, g.title])
      : [],
  );
  type Row = {
    id: string;
    game_id: number;
    sysname: string;
    mode: "demo" | "real";
    bet: number;
    win: number;
    currency: string;
    symbols: string;
    created_at: number;
    outcome: string | null;
    nonce: number | null;
    client_seed: string | null;
    server_seed_hash: string | null;
    server_seed: string | null;
  };
  const items = (page!.results as Row[]).map((r) => ({
    id: r.id,
    game: r.sysname,
    title: titles.get(r.game_id) ?? r.sysname,
    mode: r.mode,
    bet: { amount: r.bet, currency: r.currency },
    win: { amount: r.win, currency: r.currency },
    symbols: JSON.parse(r.symbols) as string[][],
    created_at: r.created_at,
    // An original's draw, with the seed once revealed (decision 0115).
    original:
      r.outcome === null
        ? null
        : { ...JSON.parse(r.outcome), server_seed_hash: r.server_seed_hash!, server_seed: r.server_seed, client_seed: r.client_seed!, nonce: r.nonce! },
  }));
  return { items, count: (total!.results[0] as { n: number }).n };
}
