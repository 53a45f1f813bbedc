import type { GameCategory, GameProvider } from "../../../core/api/entities-games";
import { wordmarkPath } from "./wordmarks";
import type { PlatformContext } from "../core/context";

/** games.getCategories: in lobby order, named in the request locale (else the default one, read only when needed). */
export async function getCategories(ctx: PlatformContext): Promise<GameCategory[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT c.id, c.sysname, COALESCE(t.name, (SELECT name FROM game_category_texts d WHERE d.category_id = c.id AND d.locale = ?2), c.sysname) AS name, c.position AS "order", c.games_count
       FROM game_categories c
       LEFT JOIN game_category_texts t ON t.category_id = c.id AND t.locale = ?1`,
    )
    .bind(ctx.locale, ctx.defaultLocale)
    .all<GameCategory>();
  // Ordered here: D1 counts each row an ORDER BY sorts as one more row read.
  return results.sort((a, b) => a.order - b.order || a.id - b.id);
}

interface ProviderRow {
  id: number;
  position: number;
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
export async function getProviders(ctx: PlatformContext, { fields, types }: { fields?: string; types: string[] }): Promise<GameProvider[]> {
  const { results } = await ctx.db
    .prepare(
      // games_count is kept by triggers (migration 0012): no game is read.
      "SELECT p.id, p.position, p.sysname, p.name, p.types, p.game_params, p.games_count FROM game_providers p",
    )
    .all<ProviderRow>();
  const withParams = (fields ?? "")
    .split(",")
    .map((f) => f.trim())
    .includes("game_params");
  // Ordered here: D1 counts each row an ORDER BY sorts as one more row read.
  return results
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((r) => ({ ...r, typeList: r.types.split(",") as GameProvider["types"] }))
    .filter((r) => types.length === 0 || r.typeList.some((t) => types.includes(t)))
    .map((r) => ({
      sysname: r.sysname,
      name: r.name,
      games_count: r.games_count,
      types: r.typeList,
      logo: wordmarkPath(r.sysname),
      ...(withParams ? { game_params: JSON.parse(r.game_params) as Record<string, unknown> } : {}),
    }));
}
