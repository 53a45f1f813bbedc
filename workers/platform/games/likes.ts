import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";

async function gameId(db: D1Database, sysname: string): Promise<number> {
  const row = await db.prepare("SELECT id FROM games WHERE sysname = ?1").bind(sysname).first<{ id: number }>();
  if (!row) {
    throw new PlatformError("InvalidParameter", `Invalid parameters: sysname: unknown game '${sysname}'`, {
      fields: { sysname: [`unknown game '${sysname}'`] },
    });
  }
  return row.id;
}

/**
 * games.getLikes: sysnames, newest like first. The likes are the player's (their object, decision
 * 0075), the sysnames the catalogue's (D1): a game gone from the catalogue drops out of the list.
 */
export async function getLikes(ctx: PlatformContext): Promise<string[]> {
  const { results: likes } = await ctx
    .player()
    .prepare("SELECT game_id FROM game_likes WHERE uid = ?1 ORDER BY created_at DESC, game_id DESC")
    .bind(ctx.uid)
    .all<{ game_id: number }>();
  if (!likes.length) return [];
  const { results: games } = await ctx.db
    .prepare("SELECT id, sysname FROM games WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(likes.map((l) => l.game_id)))
    .all<{ id: number; sysname: string }>();
  const sysname = new Map(games.map((g) => [g.id, g.sysname]));
  return likes.flatMap((l) => sysname.get(l.game_id) ?? []);
}

/** games.addLike: liking twice keeps the first like (and its place in the list). */
export async function addLike(ctx: PlatformContext, sysname: string): Promise<1> {
  const id = await gameId(ctx.db, sysname);
  await ctx
    .player()
    .prepare("INSERT INTO game_likes (uid, game_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (uid, game_id) DO NOTHING")
    .bind(ctx.uid, id, Date.now())
    .run();
  return 1;
}

export async function removeLike(ctx: PlatformContext, sysname: string): Promise<1> {
  const id = await gameId(ctx.db, sysname);
  await ctx.player().prepare("DELETE FROM game_likes WHERE uid = ?1 AND game_id = ?2").bind(ctx.uid, id).run();
  return 1;
}
