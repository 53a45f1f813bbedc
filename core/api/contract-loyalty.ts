import { z } from "zod";
import { QuestProgress } from "./quests";
import { PrizeKind } from "./rewards";
import { idOf, method, offset, refusal, rewardKey, type Refusal } from "./define";
import { Money } from "./entities";

/**
 * The loyalty programme of the /api contract (SPEC §3 Loyalty info, Characters list, Loyalty
 * notice, Progress item; §7 loyalty.*; §9 programs limit 2; issue 20, decision 0046). Points are
 * earned by real-money play, spent in the shop; experience (lifetime points earned, never spent)
 * decides the level. Spread into `contract`.
 */

const limit = (max: number, def: number) =>
  z.coerce.number().int("limit must be an integer").min(1, "limit must be at least 1").max(max, `limit must be at most ${max}`).default(def);

/** Methods that read the active programme answer 404 on a site that has none. */
const NO_PROGRAMME: Refusal[] = [[404, "InvalidParameter", "the site has no loyalty programme"]];

/** SPEC §9: loyalty programs are listed 2 at a time. */
export const LOYALTY_PROGRAMS_LIMIT = 2;
export const LOYALTY_PAGE = 20;

/** The errors of loyalty.buyproduct, as `params.code` of its 4xx answer, for the app to map to messages. */
export const LOYALTY_BUY_ERRORS = [
  "unknown_product",
  "insufficient_points",
  "out_of_stock",
  "limit_reached",
  "not_in_currency",
  "not_for_sale",
  "key_reused",
  // a bonus or free spins the player's market gives them no more of (core/jurisdictions.ts `bonuses`)
  "market_rules",
] as const;
export type LoyaltyBuyError = (typeof LOYALTY_BUY_ERRORS)[number];

/** SPEC §3 Progress item: a level's [minValue, maxValue) of lifetime experience (maxValue null: the top). */
export const LoyaltyLevel = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  minValue: z.number().int(),
  maxValue: z.number().int().nullable(),
});
export type LoyaltyLevel = z.infer<typeof LoyaltyLevel>;

export const LoyaltyCharacter = z.strictObject({ id: z.number().int(), sysname: z.string(), title: z.string(), image: z.string() });
export type LoyaltyCharacter = z.infer<typeof LoyaltyCharacter>;

/** How much real money earns a point, per game kind (slot, table, live, fast, sport); null: that kind earns nothing. */
export const EarnRates = z.record(z.string(), Money.nullable());

export const LoyaltyProgram = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  is_active: z.boolean(),
  pointsAlias: z.string(),
  levels: z.array(LoyaltyLevel),
  /** Per game kind, the real money wagered per point in `currency` (the player's, else the site's default). */
  earn: EarnRates,
  /** What 1000 points are worth in `currency`. */
  value_per_1000: Money.nullable(),
});
export type LoyaltyProgram = z.infer<typeof LoyaltyProgram>;

/** SPEC §3 Loyalty info, and what the programme is honestly worth to the player. */
export const LoyaltyInfo = z.strictObject({
  id: z.number().int(),
  is_active: z.boolean(),
  /** Spendable points. */
  points: z.number().int(),
  character: LoyaltyCharacter.nullable(),
  levels: z.array(LoyaltyLevel),
  pointsAlias: z.string(),
  uid: z.number().int(),
  /** Lifetime points earned (never spent): the level's measure. */
  experience: z.number().int(),
  level: LoyaltyLevel,
  /** SPEC §3 Progress item for the current level; percent of the way to maxValue (100 at the top). */
  progress: z.strictObject({ minValue: z.number().int(), maxValue: z.number().int().nullable(), expCount: z.number().int(), percent: z.number().int() }),
  /** The spendable points' money value at the programme's rate. */
  points_value: Money,
  /** Real money wagered that earned points, and the value of all points earned ÷ that, in basis points (null before any). */
  wagered: Money,
  return_rate_bp: z.number().int().nullable(),
});
export type LoyaltyInfo = z.infer<typeof LoyaltyInfo>;

export const CharactersList = z.strictObject({
  items: z.array(LoyaltyCharacter),
  offset: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const LoyaltyProduct = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  price: z.number().int(),
  /** null: unlimited. */
  stock: z.number().int().nullable(),
  per_player_limit: z.number().int().nullable(),
  /** How many the player bought (0 for a visitor). */
  purchased: z.number().int(),
  reward: z.strictObject({
    type: PrizeKind,
    /** The bonus or free-spin template's sysname. */
    sysname: z.string().nullable(),
    /** The money (money) or bonus amount (bonus) in the player's currency, else the site's default; null where it has none. */
    amount: Money.nullable(),
  }),
});
export type LoyaltyProduct = z.infer<typeof LoyaltyProduct>;

/** SPEC §3 Loyalty notice. */
export const LoyaltyNotice = z.strictObject({
  id: z.number().int(),
  trigger: z.enum(["points", "level", "quest", "purchase"]),
  type: z.enum(["credit", "other"]),
  amount: z.number().int(),
  amountType: z.enum(["points", "none"]),
  title: z.string(),
  message: z.string(),
  image: z.string().nullable(),
  created_at: z.number().int(),
});
export type LoyaltyNotice = z.infer<typeof LoyaltyNotice>;

/** A line of the player's points history: a change of points or experience, newest first. */
export const LoyaltyHistoryItem = z.strictObject({
  id: z.number().int(),
  /** `sport`: points of a settled real-money sports bet (decision 0049). */
  reason: z.enum(["round", "deposit", "quest", "purchase", "adjustment", "wheel", "wheel_purchase", "sport"]),
  /** Points added (positive) or spent (negative). */
  delta: z.number().int(),
  exp_delta: z.number().int(),
  /** The quest's or product's title where the line has one, else null. */
  title: z.string().nullable(),
  created_at: z.number().int(),
});
export type LoyaltyHistoryItem = z.infer<typeof LoyaltyHistoryItem>;

/** A loyalty quest with the player's progress in its current period (SPEC §2 loyalty quest popup). */
export const LoyaltyQuest = QuestProgress.extend({ reward_points: z.number().int() });
export type LoyaltyQuest = z.infer<typeof LoyaltyQuest>;

export { LOYALTY_NOTIFICATION_EVENT } from "./reward-events";
export type LoyaltyNotificationEventData = LoyaltyNotice;

export const loyaltyMethods = {
  "loyalty.getinfo": method({
    group: "loyalty",
    name: "getinfo",
    verb: "GET",
    access: "player",
    refuses: NO_PROGRAMME,
    summary:
      "The player's loyalty account: points, character, levels with the current one and its progress, the points' money value and the effective return rate.",
    params: z.object({}),
    result: LoyaltyInfo,
  }),
  "loyalty.getcharacters": method({
    group: "loyalty",
    name: "getcharacters",
    verb: "GET",
    access: "public",
    refuses: NO_PROGRAMME,
    summary: `The characters a player may choose (registration's selector too), ${LOYALTY_PAGE} a page by default.`,
    params: z.object({ offset, limit: limit(100, LOYALTY_PAGE) }),
    result: CharactersList,
  }),
  "loyalty.setcharacter": method({
    group: "loyalty",
    name: "setcharacter",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown],
    summary: "Choose a character; 404 InvalidParameterException for an unknown one.",
    params: z.object({ id: idOf("id") }),
    result: LoyaltyCharacter,
  }),
  "loyalty.getproducts": method({
    group: "loyalty",
    name: "getproducts",
    verb: "GET",
    access: "public",
    refuses: NO_PROGRAMME,
    summary: `The shop: products with price in points, stock, per-player limit and reward, ${LOYALTY_PAGE} a page by default.`,
    params: z.object({ offset, limit: limit(100, LOYALTY_PAGE) }),
    result: z.strictObject({ items: z.array(LoyaltyProduct), total: z.number().int() }),
  }),
  "loyalty.buyproduct": method({
    group: "loyalty",
    name: "buyproduct",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict],
    summary:
      "Buy a product with points, once per idempotency key (a repeat answers the first purchase). 404 unknown_product; " +
      "409 insufficient_points, out_of_stock, limit_reached, not_for_sale (a product expected to return as much as its points are worth: " +
      "DESIGN §7); 400 not_in_currency, key_reused (params.code).",
    params: z.object({ product_id: idOf("product_id"), key: rewardKey }),
    result: z.strictObject({ purchase_id: z.string(), product_id: z.number().int(), points: z.number().int(), replayed: z.boolean() }),
  }),
  "loyalty.getnotifications": method({
    group: "loyalty",
    name: "getnotifications",
    verb: "GET",
    access: "player",
    summary: "The player's unread loyalty notices, oldest first; answering them marks them read.",
    params: z.object({}),
    result: z.strictObject({ items: z.array(LoyaltyNotice) }),
  }),
  "loyalty.gethistory": method({
    group: "loyalty",
    name: "gethistory",
    verb: "GET",
    access: "player",
    summary: `The player's points history (what earned or spent points), newest first, ${LOYALTY_PAGE} a page by default.`,
    params: z.object({ offset, limit: limit(100, LOYALTY_PAGE) }),
    result: z.strictObject({ items: z.array(LoyaltyHistoryItem), total: z.number().int() }),
  }),
  "loyalty.getquests": method({
    group: "loyalty",
    name: "getquests",
    verb: "GET",
    access: "player",
    summary: "The loyalty quests of the player's programme with their progress in the current period.",
    params: z.object({}),
    result: z.strictObject({ items: z.array(LoyaltyQuest) }),
  }),
  "loyalty.getPrograms": method({
    group: "loyalty",
    name: "getPrograms",
    verb: "GET",
    access: "public",
    summary: `The loyalty programmes, ${LOYALTY_PROGRAMS_LIMIT} a page by default (SPEC §9).`,
    params: z.object({ offset, limit: limit(20, LOYALTY_PROGRAMS_LIMIT) }),
    result: z.strictObject({ items: z.array(LoyaltyProgram), offset: z.number().int(), limit: z.number().int(), total: z.number().int() }),
  }),
  "loyalty.getProgram": method({
    group: "loyalty",
    name: "getProgram",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: "One programme by id or sysname; 404 InvalidParameterException for an unknown one, 400 when neither is given.",
    params: z
      .object({
        id: idOf("id").optional(),
        sysname: z
          .string()
          .regex(/^[a-z0-9_-]{1,64}$/, "sysname is 1 to 64 lowercase letters, digits, '_' or '-'")
          .optional(),
      })
      .refine((p) => p.id !== undefined || p.sysname !== undefined, { message: "id or sysname is required", path: ["id"] }),
    result: LoyaltyProgram,
  }),
};
