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

/** games.getLikes: sysnames, newest like first. */
export async function getLikes(ctx: PlatformContext): Promise<string[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT g.sysname FROM game_likes l JOIN games g ON g.id = l.game_id
       WHERE l.uid = ?1 ORDER BY l.created_at DESC, l.game_id DESC`,
    )
    .bind(ctx.uid)
    .all<{ sysname: string }>();
  return results.map((r) => r.sysname);
}

/** games.addLike: liking twice keeps the first like (and its place in the list). */
export async function addLike(ctx: PlatformContext, sysname: string): Promise<1> {
  const id = await gameId(ctx.db, sysname);
  await ctx.db
    .prepare("INSERT INTO game_likes (uid, game_id, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (uid, game_id) DO NOTHING")
    .bind(ctx.uid, id, Date.now())
    .run();
  return 1;
}

export async function removeLike(ctx: PlatformContext, sysname: string): Promise<1> {
  const id = await gameId(ctx.db, sysname);
  await ctx.db.prepare("DELETE FROM game_likes WHERE uid = ?1 AND game_id = ?2").bind(ctx.uid, id).run();
  return 1;
}
