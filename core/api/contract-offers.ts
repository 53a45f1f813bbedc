import { z } from "zod";
import { GrantKind } from "./rewards";
import { fieldList, method, offset, refusal } from "./define";
import { Money } from "./entities";

/**
 * Campaign offers of the /api contract (SPEC §3 Offer, §7 campaigns.getoffers/getOffer/takepromotions;
 * issue 19, decision 0043). An offer is personal: it is available to a player while it runs, fits
 * their segment and they have not taken it. Spread into `contract`.
 */

export const OFFER_FIELDS = ["trigger", "description", "promotions"] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];

/** `fields`: a comma-separated subset of trigger, description, promotions (all three when absent). */
const fields = fieldList(OFFER_FIELDS, OFFER_FIELDS);

export const offerId = z.coerce
  .number({ error: "offer_id must be a number" })
  .int("offer_id must be an integer")
  .positive("offer_id must be positive")
  .max(2 ** 31, "offer_id is too large");

export const OfferTrigger = z.strictObject({
  /** take: campaigns.takepromotions; deposit: a deposit naming it (cashier.makedeposit campaign_offer_id). */
  action: z.enum(["take", "deposit"]),
  params: z.strictObject({ exclude_methods: z.array(z.string()) }),
  /** The player can meet it now: always for take; for deposit, some deposit method of theirs is not excluded. */
  user_satisfies_params: z.boolean(),
});

export const OfferDescription = z.strictObject({ title: z.string(), text: z.string(), image: z.string().nullable() });

/** What taking the offer grants: a bonus from a template, or a free-spin pack. */
export const OfferPromotion = z.strictObject({
  type: GrantKind,
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  /** A bonus: a percentage of the deposit (capped), or a fixed amount. */
  percent: z.number().int().nullable(),
  amount: Money.nullable(),
  cap: Money.nullable(),
  /** The deposit amounts the bonus applies to (deposit offers). */
  min_deposit: Money.nullable(),
  max_deposit: Money.nullable(),
  wager_multiplier: z.number().int(),
  wager_base: z.enum(["bonus", "deposit_bonus"]),
  wagering_days: z.number().int(),
  /** The catalogue's average slot RTP (basis points), for the bonus X-ray (decision 0042). */
  rtp_bp: z.number().int(),
  /** A free-spin pack: spins, game and bet. */
  freespins: z.strictObject({ count: z.number().int(), game: z.string(), bet: Money }).nullable(),
});
export type OfferPromotion = z.infer<typeof OfferPromotion>;

export const Offer = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  /** Unix milliseconds; null: open-ended. */
  starts_at: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  trigger: OfferTrigger.optional(),
  description: OfferDescription.optional(),
  promotions: z.array(OfferPromotion).optional(),
});
export type Offer = z.infer<typeof Offer>;

export { OFFER_AVAILABLE_EVENT, OFFER_DEACTIVATED_EVENT } from "./reward-events";
export interface OfferEventData {
  offer_id: number;
}

export const OFFERS_PAGE = 20;

export const offerMethods = {
  "campaigns.getoffers": method({
    group: "campaigns",
    name: "getoffers",
    verb: "GET",
    access: "player",
    summary:
      `The offers available to the player (running, fitting their segment, not taken), ${OFFERS_PAGE} a page from offset; ` +
      "fields: a comma-separated subset of trigger, description, promotions (400 for another name).",
    params: z.object({ offset, fields }),
    result: z.strictObject({ items: z.array(Offer), count: z.number().int() }),
  }),
  "campaigns.getOffer": method({
    group: "campaigns",
    name: "getOffer",
    verb: "GET",
    access: "player",
    refuses: [refusal.unknown],
    summary: "One offer available to the player; 404 InvalidParameterException for an unknown offer or one not (or no longer) for them.",
    params: z.object({ offer_id: offerId, fields }),
    result: Offer,
  }),
  "campaigns.takepromotions": method({
    group: "campaigns",
    name: "takepromotions",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown],
    summary:
      "Take an available offer whose trigger is take: its bonus (or free spins) is granted once and the offer is deactivated " +
      "for the player (campaign.offer.deactivated). 404 for an offer not available to them; 400 for a deposit offer (choose it on the deposit form).",
    params: z.object({ offer_id: offerId }),
    result: z.literal(1),
  }),
};
