import { firstOccasionSql, grantMarket } from "../bonuses/market";
import { playerJurisdiction } from "../responsible/jurisdiction";
import { OFFER_DEACTIVATED_EVENT, OFFERS_PAGE, type OfferField } from "../../../core/api/contract-offers";
import { PlatformError } from "../../../core/api/errors";
import { offerTakeGrants } from "../bonuses/grants";
import { publishBonusChange } from "../bonuses/notify";
import { imageKey } from "../banners";
import { callSlotsRtp } from "../bonuses/xray";
import type { Handlers, PlatformContext } from "../core/context";
import { publish } from "../../realtime/publish";
import { AVAILABLE_TO } from "./rules";
import { OFFER_SELECT, offerView, type OfferRow } from "./view";

/**
 * campaigns.getoffers / getOffer / takepromotions (decision 0043). Offers are personal: what a
 * player sees, opens and takes is what AVAILABLE_TO says for them now.
 */

type OfferMethods = "campaigns.getoffers" | "campaigns.getOffer" | "campaigns.takepromotions";

export const noSuchOffer = () =>
  new PlatformError("InvalidParameter", "No such offer for you", { status: 404, fields: { offer_id: ["No such offer for you"] } });

/**
 * What the player's market allows of offers (bonuses/market.ts), as SQL over `u`, or null when it
 * allows them none (a Dutch player under 24): offered only while a bonus could be granted.
 */
async function marketAllows(ctx: PlatformContext, now: number): Promise<string | null> {
  const market = await grantMarket(ctx, ctx.uid, now);
  if (market.barred) return null;
  const first = firstOccasionSql("u.country_code", market.site, "u.uid", "NULL");
  // One product per incentive (decision 0094): no offer of a sports free bet with casino free spins.
  return market.product ? `${first} AND NOT (${MIXED_OFFER})` : first;
}

/** An offer whose bonus is a sports bet's and which adds casino free spins: two products in one incentive. */
const MIXED_OFFER = `o.freespin_template_id IS NOT NULL AND EXISTS (SELECT 1 FROM bonus_templates bt WHERE bt.id = o.bonus_template_id AND bt.type = 'betting')`;

/** The offers available to the player now, in the operator's order. */
export async function availableOffers(ctx: PlatformContext, now = Date.now(), page?: { offset: number; limit: number }) {
  const allows = await marketAllows(ctx, now);
  if (allows === null) return { rows: [], count: 0 };
  const rows = await ctx
    .player()
    .prepare(`${OFFER_SELECT} WHERE u.uid = ?1 AND ${AVAILABLE_TO("?2")} AND ${allows} ORDER BY o.position, o.id`)
    .bind(ctx.uid, now)
    .all<OfferRow>();
  const all = rows.results;
  return { rows: page ? all.slice(page.offset, page.offset + page.limit) : all, count: all.length };
}

/** One offer if it is available to the player now. */
export async function availableOffer(ctx: PlatformContext, offerId: number, now = Date.now()): Promise<OfferRow | null> {
  const allows = await marketAllows(ctx, now);
  if (allows === null) return null;
  return ctx
    .player()
    .prepare(`${OFFER_SELECT} WHERE u.uid = ?1 AND o.id = ?3 AND ${AVAILABLE_TO("?2")} AND ${allows}`)
    .bind(ctx.uid, now, offerId)
    .first<OfferRow>();
}

const views = async (ctx: PlatformContext, rows: OfferRow[], fields: OfferField[]) => {
  if (!rows.length) return [];
  const [rtp, key, market] = await Promise.all([
    callSlotsRtp(ctx),
    fields.includes("description") ? imageKey(ctx) : null,
    fields.includes("promotions") || fields.includes("description") ? playerJurisdiction(ctx) : null,
  ]);
  return rows.map((r) => offerView(r, fields, ctx.locale, ctx.defaultLocale, rtp, key, market?.bonuses));
};

/** Tells the player's open pages an offer left their list (best effort, after the change committed). */
export function announceDeactivated(ctx: { env: Env; waitUntil(p: Promise<unknown>): void }, uid: number, offerId: number): void {
  ctx.waitUntil(publish(ctx.env, uid, OFFER_DEACTIVATED_EVENT, { offer_id: offerId }));
}

/**
 * Take an offer: the `taken` row (only while the offer is available to the player, so a second
 * take or one racing it writes nothing) and the grant that reads it, in one batch.
 */
async function takeOffer(ctx: PlatformContext, offerId: number): Promise<1> {
  const now = Date.now();
  const offer = await availableOffer(ctx, offerId, now);
  if (!offer) throw noSuchOffer();
  if (offer.trigger_action !== "take")
    throw new PlatformError("InvalidParameter", "This offer comes with a deposit: choose it on the deposit form", {
      fields: { offer_id: ["This offer comes with a deposit"] },
    });
  const db = ctx.player();
  const market = await grantMarket(ctx, ctx.uid, now);
  const [mark] = await db.batch([
    db
      .prepare(
        `INSERT INTO player_offers (uid, offer_id, status, created_at)
         SELECT u.uid, o.id, 'taken', ?2 FROM users u JOIN campaign_offers o ON o.id = ?3
         WHERE u.uid = ?1 AND o.trigger_action = 'take' AND ${AVAILABLE_TO("?2")}
         ON CONFLICT (uid, offer_id) DO NOTHING`,
      )
      .bind(ctx.uid, now, offerId),
    ...offerTakeGrants(db, ctx.uid, offerId, market, now),
  ]);
  if ((mark!.meta.changes ?? 0) === 0) throw noSuchOffer();
  const bonus = await db
    .prepare("SELECT id, type FROM player_bonuses WHERE uid = ?1 AND grant_key = 'offer:' || ?2")
    .bind(ctx.uid, offerId)
    .first<{ id: string; type: "casino" | "betting" }>();
  if (bonus) publishBonusChange(ctx, ctx.uid, { ...bonus, status: "available" });
  announceDeactivated(ctx, ctx.uid, offerId);
  return 1;
}

export const offerHandlers: Handlers<OfferMethods> = {
  async "campaigns.getoffers"({ offset, fields }, ctx) {
    const { rows, count } = await availableOffers(ctx, Date.now(), { offset, limit: OFFERS_PAGE });
    return { items: await views(ctx, rows, fields), count };
  },
  async "campaigns.getOffer"({ offer_id, fields }, ctx) {
    const row = await availableOffer(ctx, offer_id);
    if (!row) throw noSuchOffer();
    return (await views(ctx, [row], fields))[0]!;
  },
  "campaigns.takepromotions": ({ offer_id }, ctx) => takeOffer(ctx, offer_id),
};
