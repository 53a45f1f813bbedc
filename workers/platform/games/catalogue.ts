import type { GameCategory, GameProvider } from "../../../app/lib/api/entities-games";
import type { PlatformContext } from "../core/context";

/** games.getCategories: in lobby order, named in the request locale (else the default one). */
export async function getCategories(ctx: PlatformContext): Promise<GameCategory[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT c.id, c.sysname, COALESCE(t.name, d.name, c.sysname) AS name, c.position AS "order", c.games_count
       FROM game_categories c
       LEFT JOIN game_category_texts t ON t.category_id = c.id AND t.locale = ?1
       LEFT JOIN game_category_texts d ON d.category_id = c.id AND d.locale = ?2
       ORDER BY c.position, c.id`,
    )
    .bind(ctx.locale, ctx.defaultLocale)
    .all<GameCategory>();
  return results;
}

interface ProviderRow {
  sysname: string;
  name: string;
  types: string;
  game_params: string;
  games_count: number;
}

/**
 * games.getProviders: every provider, or those having any of `types`; game_params only when
 * `fields` names it (it is the launcher's business, not the lobby's).
 */
export async function getProviders(
  ctx: PlatformContext,
  { fields, types }: { fields?: string; types: string[] },
): Promise<GameProvider[]> {
  const { results } = await ctx.db
    .prepare(
      // games_count is kept by triggers (migration 0012): no game is read.
      "SELECT p.sysname, p.name, p.types, p.game_params, p.games_count FROM game_providers p ORDER BY p.position, p.id",
    )
    .all<ProviderRow>();
  const withParams = (fields ?? "").split(",").map((f) => f.trim()).includes("game_params");
  return results
    .map((r) => ({ ...r, typeList: r.types.split(",") as GameProvider["types"] }))
    .filter((r) => types.length === 0 || r.typeList.some((t) => types.includes(t)))
    .map((r) => ({
      sysname: r.sysname,
      name: r.name,
      games_count: r.games_count,
      types: r.typeList,
      ...(withParams ? { game_params: JSON.parse(r.game_params) as Record<string, unknown> } : {}),
    }));
}
