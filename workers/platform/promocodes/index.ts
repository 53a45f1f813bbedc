import { bonusRefusal } from "../bonuses/market";
import type { Handlers, PlatformContext } from "../core/context";
import { deliverInbox } from "../player/inbox";
import { playerTables } from "../player/routed-d1";
import { publishBonusChange } from "../bonuses/notify";
import type { MoneyDeps } from "../wallet/move-money";
import { checkedPromoCode } from "./check";
import { promoCodeReservation, promoInboxKey } from "./redeem";
import { loadRedeemer, promoCodeError, promoCodeInfo, promoCodeProblem, loadPromoCode, type PromoContext } from "./rules";

/**
 * campaigns.checkPromocode and campaigns.activateOffer (decision 0044). Activation reserves the
 * code's use in D1 and owes its grant in the same batch; the grant is then made in the player's
 * tables (redeem.ts, decision 0075), so a code is used exactly when its bonus or pack exists or is
 * owed. Registration and deposits redeem the same way.
 */

const contextOf = (kind: "activate" | "registration" | "deposit" | undefined, amount?: number): PromoContext =>
  kind === "deposit" ? { kind, amount } : { kind: kind ?? "activate" };

/**
 * What the redemption made: the player's realtime bonus event, as the other grants announce theirs.
 * Read in player `uid`'s own tables, whoever calls (a registration's new player is not yet signed in).
 */
export async function announcePromoGrants(deps: MoneyDeps, uid: number, code: string): Promise<void> {
  const { results } = await playerTables(deps.env, uid)
    .prepare("SELECT id, type, status FROM player_bonuses WHERE uid = ?1 AND grant_key = 'promo:' || ?2")
    .bind(uid, code)
    .all<{ id: string; type: "casino" | "betting"; status: "available" }>();
  for (const b of results) publishBonusChange(deps, uid, b);
}

/**
 * Who redeems: the signed-in player's currency, country and deposits (their own tables), or a
 * visitor. A player their market gives no bonus now is refused before the code is even looked at.
 */
async function redeemer(ctx: PlatformContext) {
  const who = await loadRedeemer(ctx.uid > 0 ? ctx.player() : ctx.db, ctx.uid);
  if (ctx.uid > 0 && (await bonusRefusal(ctx, ctx.player(), ctx.uid, who.deposits))) throw promoCodeError("MARKET_RULES");
  return who;
}

export const promoCodeHandlers: Pick<Handlers, "campaigns.checkPromocode" | "campaigns.activateOffer"> = {
  "campaigns.checkPromocode": async (p, ctx) => {
    const who = await redeemer(ctx);
    const row = await checkedPromoCode(ctx, p.promo_code, who, contextOf(p.context, p.amount));
    return promoCodeInfo(ctx, row);
  },
  "campaigns.activateOffer": async (p, ctx) => {
    const who = await redeemer(ctx);
    const row = await checkedPromoCode(ctx, p.promo_code, who, { kind: "activate" });
    const now = Date.now();
    // D1 first: the code's use (promo_redemptions, the site's) and the grant it owes the player's tables.
    const [redeemed] = await ctx.db.batch(promoCodeReservation(ctx.db, { uid: ctx.uid }, row.code, now));
    if ((redeemed?.meta.changes ?? 0) === 0) {
      // Another request took the last use, or this player's own, between the check and the batch.
      throw promoCodeError((await promoCodeProblem(ctx.db, await loadPromoCode(ctx.db, row.code, who.currency), who, { kind: "activate" })) ?? "USED");
    }
    await deliverInbox(ctx.env, promoInboxKey(row.code, { uid: ctx.uid }));
    await announcePromoGrants(ctx, ctx.uid, row.code);
    // `fields` names the parts answered beside the code (all when left out).
    const info = await promoCodeInfo(ctx, row);
    return { code: info.code, ...Object.fromEntries(p.fields.map((f) => [f, info[f]])) };
  },
};
