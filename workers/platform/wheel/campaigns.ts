import type { WheelCampaignInfo, WheelInfo } from "../../../core/api/contract-wheel";
import type { PlatformContext } from "../core/context";
import { readerCurrency } from "../wallet/currency";
import { ownText, textsOf } from "../core/texts";
import { expectedReturnView, wheelReturn } from "./expected-return";
import { currentSeed, fairnessOf } from "./seeds";
import { campaignView, OPEN, readCampaign, readSectors, sectorViews, spinBalance, type CampaignRow, wheelTopSql, wheelValues } from "./view";

/** Reading campaigns and their wheels (decision 0047): what runs now, one campaign's rules, the wheel as drawn. */

/** The campaigns running now, in the operator's order, with the player's spin balance in each. */
export async function campaignsGet(ctx: PlatformContext) {
  // A player's balances are in their tables (decision 0075); a visitor has none.
  const balances = ctx.uid > 0 ? "LEFT JOIN wheel_spin_balances b ON b.uid = ?1 AND b.campaign_id = c.id" : "";
  // The currency first: the campaigns' texts claim their top prize in it (decision 0084).
  const currency = await readerCurrency(ctx);
  const { results } = await (ctx.uid > 0 ? ctx.player() : ctx.db)
    .prepare(
      `SELECT c.*, ${balances ? "COALESCE(b.spins, 0)" : "0"} AS balance, ${wheelTopSql("?3")} AS top FROM wheel_campaigns c ${balances}
       WHERE ${OPEN("c", "?2")} ORDER BY c.position, c.id`,
    )
    .bind(ctx.uid, Date.now(), currency)
    .all<CampaignRow & { balance: number }>();
  return { items: results.map((r) => campaignView(r, r.balance, currency, ctx)) };
}

export async function campaignsInfo(ctx: PlatformContext, id: number): Promise<WheelCampaignInfo> {
  const [currency, balance] = await Promise.all([readerCurrency(ctx), spinBalance(ctx.uid > 0 ? ctx.player() : ctx.db, ctx.uid, id)]);
  const campaign = await readCampaign(ctx.db, id, currency);
  const rules = ownText(textsOf(campaign.texts, ctx.locale, ctx.defaultLocale).rules, "wheel", wheelValues(campaign, currency)) ?? "";
  return { ...campaignView(campaign, balance, currency, ctx), rules };
}

/** The wheel: sectors with published weights and chances, a paid wheel's expected return, and — for a player — the seed's commitment. */
export async function wheelInfoGet(ctx: PlatformContext, id: number): Promise<WheelInfo> {
  const [currency, balance] = await Promise.all([readerCurrency(ctx), spinBalance(ctx.uid > 0 ? ctx.player() : ctx.db, ctx.uid, id)]);
  const [campaign, rows] = await Promise.all([readCampaign(ctx.db, id, currency), readSectors(ctx.db, id, currency)]);
  const { sectors, total } = sectorViews(rows, currency, ctx);
  return {
    campaign: campaignView(campaign, balance, currency, ctx),
    sectors,
    total_weight: total,
    expected_return: expectedReturnView(await wheelReturn(ctx.db, campaign, rows, currency)),
    fairness: ctx.uid > 0 ? fairnessOf(await currentSeed(ctx.player(), ctx.uid)) : null,
  };
}
