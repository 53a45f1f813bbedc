import type { FreespinPack } from "../../../core/api/contract-freespins";
import { type Handlers, ownTables } from "../core/context";
import { PACK_SELECT, type PackRow } from "./freespins";
import { expirePacks } from "./freespins-sweep";

/** freespins.get (SPEC §7; decision 0041): the player's packs of one status, newest first. */

/** The texts of a locale, else the default locale's, else English, else the template's sysname. */
function textsOf(row: PackRow, locale: string, fallback: string): { title: string; description: string } {
  const all = JSON.parse(row.texts) as Record<string, { title?: string; description?: string }>;
  const t = all[locale] ?? all[fallback] ?? all.en ?? {};
  return { title: t.title ?? row.template, description: t.description ?? "" };
}

function packView(row: PackRow, locale: string, defaultLocale: string, withDescription: boolean): FreespinPack {
  const { title, description } = textsOf(row, locale, defaultLocale);
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    status: row.status,
    game: { sysname: row.sysname, title: row.game_title },
    title,
    ...(withDescription ? { description } : {}),
    count: row.count,
    remaining_count: row.remaining_count,
    bet: money(row.bet),
    won: money(row.won),
    created_at: row.created_at,
    expires_at: row.expires_at,
    finished_at: row.finished_at,
    bonus_id: row.bonus_id,
  };
}

export const freespinHandlers: Handlers<"freespins.get"> = {
  async "freespins.get"({ fields, status, count }, call) {
    const ctx = ownTables(call);
    // A pack past its time is expired (and its winnings granted) before it is shown.
    await expirePacks(ctx, Date.now(), ctx.uid);
    const withDescription = fields.includes("description");
    const [page, total] = await ctx.db.batch([
      ctx.db.prepare(`${PACK_SELECT} WHERE p.uid = ?1 AND p.status = ?2 ORDER BY p.created_at DESC, p.id LIMIT ?3`).bind(ctx.uid, status, count),
      ctx.db.prepare("SELECT COUNT(*) AS n FROM freespin_packs WHERE uid = ?1 AND status = ?2").bind(ctx.uid, status),
    ]);
    return {
      items: (page!.results as PackRow[]).map((r) => packView(r, ctx.locale, ctx.defaultLocale, withDescription)),
      count: (total!.results[0] as { n: number }).n,
    };
  },
};
