import type { FreespinPack } from "../../../core/api/contract-freespins";
import { type Handlers, ownTables } from "../core/context";
import { PACK_SELECT, type PackRow } from "./freespins";
import { expirePacks } from "./freespins-sweep";
import type { BonusTermRules } from "../../../core/jurisdiction-rules";
import { freespinFields } from "../claims/values";
import { ownTexts } from "../core/texts";
import { playerJurisdiction } from "../responsible/jurisdiction";

/** freespins.get (SPEC §7; decision 0041): the player's packs of one status, newest first. */

/**
 * The texts of a locale, else the default locale's, else English, else the template's sysname,
 * with the numbers they claim filled from the pack (decision 0084): its spins and bet, its
 * template's days and minimum deposit, its winnings' wagering as the player's market holds it.
 */
function textsOf(row: PackRow, locale: string, fallback: string, rules: BonusTermRules): { title: string; description: string } {
  const numbers = freespinFields(
    {
      count: row.count,
      expiry_days: row.t_days,
      bet: row.bet,
      min_deposit: row.t_min_deposit,
      wager_multiplier: row.w_multiplier,
      wager_base: row.w_base,
      wagering_days: row.w_days,
    },
    { currency: row.currency, rules },
  );
  return ownTexts(row.texts, locale, fallback, "freespins", numbers, row.template);
}

function packView(row: PackRow, locale: string, defaultLocale: string, withDescription: boolean, rules: BonusTermRules): FreespinPack {
  const { title, description } = textsOf(row, locale, defaultLocale, rules);
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
    const rules = (await playerJurisdiction(ctx)).bonuses;
    const [page, total] = await ctx.db.batch([
      ctx.db.prepare(`${PACK_SELECT} WHERE p.uid = ?1 AND p.status = ?2 ORDER BY p.created_at DESC, p.id LIMIT ?3`).bind(ctx.uid, status, count),
      ctx.db.prepare("SELECT COUNT(*) AS n FROM freespin_packs WHERE uid = ?1 AND status = ?2").bind(ctx.uid, status),
    ]);
    return {
      items: (page!.results as PackRow[]).map((r) => packView(r, ctx.locale, ctx.defaultLocale, withDescription, rules)),
      count: (total!.results[0] as { n: number }).n,
    };
  },
};
