import { z } from "zod";
import { QuestProgress } from "./quests";
import { RewardKind } from "./rewards";
import { CLIENT_SEED_PATTERN } from "../fairness";
import { count, idOf, method, offset, refusal, rewardKey } from "./define";
import { Money } from "./entities";

/**
 * The wheel of fortune of the /api contract (SPEC §3 Wheel campaign, §7 FortuneWheels.*, §9 quests
 * limit 100; issue 21, decision 0047). The result of a spin is drawn on the server by the published
 * algorithm (`core/fairness.ts`) from a committed server seed, the player's client seed and a
 * nonce, so any spin can be verified once its seed is revealed. Spread into `contract`.
 */

/** SPEC §9: the wheel's quest history is read 100 at a time. */
export const WHEEL_QUESTS_LIMIT = 100;
export const WHEEL_RESULTS_PAGE = 20;
/** The most spins one buySpin buys. */
export const WHEEL_MAX_BUY = 100;

/** The errors of buySpin and spinWheel, as `params.code` of their 4xx answer, for the app to map to messages. */
export const WHEEL_ERRORS = [
  "unknown_campaign",
  "campaign_closed",
  "no_spins",
  "insufficient_funds",
  "insufficient_points",
  "not_for_sale",
  "not_in_currency",
  "key_reused",
] as const;
export type WheelError = (typeof WHEEL_ERRORS)[number];

export const WheelRewardType = RewardKind;
export type WheelRewardType = z.infer<typeof WheelRewardType>;

/** What a sector pays: its kind, the template's sysname (bonus, freespins), and its size in the player's currency or units. */
export const WheelReward = z.strictObject({
  type: WheelRewardType,
  sysname: z.string().nullable(),
  /** Money (money) or the bonus amount (bonus) in the player's currency, else the site's default. */
  amount: Money.nullable(),
  /** Free spins in the pack, loyalty points, or wheel spins; null for the other kinds. */
  units: z.number().int().nullable(),
  title: z.string(),
});
export type WheelReward = z.infer<typeof WheelReward>;

/** A sector of the wheel, in wheel order, with its published weight and chance. */
export const WheelSector = z.strictObject({
  id: z.number().int(),
  position: z.number().int(),
  weight: z.number().int(),
  /** weight ÷ Σ weights, in parts per million (the odds shown to the player). */
  chance_ppm: z.number().int(),
  color: z.string(),
  reward: WheelReward,
  /** Prizes left (null: unlimited). At 0 the sector still draws and pays `fallback`. */
  stock: z.number().int().nullable(),
  /** What the sector pays when its stock is gone (null: unlimited stock, never needed). */
  fallback: WheelReward.nullable(),
});
export type WheelSector = z.infer<typeof WheelSector>;

/** SPEC §3 Wheel campaign: id, is_spin_cost, spin_balance; and what a page needs to show it. */
export const WheelCampaign = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  /** Spins are bought (with money or points); else they are earned by quests and gifts. */
  is_spin_cost: z.boolean(),
  /** The player's spins in this campaign (0 for a visitor). */
  spin_balance: z.number().int(),
  /** The price of one spin in the player's currency (else the site's default); null: not sold for money. */
  spin_price: Money.nullable(),
  /** The price of one spin in loyalty points; null: not sold for points. */
  spin_price_points: z.number().int().nullable(),
  starts_at: z.number().int(),
  ends_at: z.number().int().nullable(),
});
export type WheelCampaign = z.infer<typeof WheelCampaign>;

/** The campaign's rules as text (SPEC §2 rules popup), beside the campaign. */
export const WheelCampaignInfo = WheelCampaign.extend({ rules: z.string() });
export type WheelCampaignInfo = z.infer<typeof WheelCampaignInfo>;

/** The player's provably-fair state: the hash of the server seed in use (committed), their client seed, the next nonce. */
export const WheelFairness = z.strictObject({
  algorithm: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
});
export type WheelFairness = z.infer<typeof WheelFairness>;

/**
 * What a spin of a paid wheel is expected to pay back (DESIGN §7, decision 0058), published beside
 * its odds: Σ weight × prize value ÷ Σ weight in the reader's currency — money at face, a bonus at
 * amount × (1 − house edge × wagering), free spins at spins × bet × RTP, loyalty points at the
 * programme's published value. Always below the price: a wheel that would not be is not sold.
 */
export const WheelExpectedReturn = z.strictObject({
  per_spin: Money,
  /** per_spin ÷ the money price, in basis points (8750 = 87.5 %); null: not sold for money. */
  of_price_bp: z.number().int().nullable(),
  /** per_spin ÷ what the points price is worth, in basis points; null: not sold for points. */
  of_points_price_bp: z.number().int().nullable(),
  /** What the points price is worth at the programme's value of a point; null: not sold for points. */
  points_price_value: Money.nullable(),
  /** The slot RTP the valuation states, in basis points (a bonus's house edge is 1 − RTP). */
  rtp_bp: z.number().int(),
});
export type WheelExpectedReturn = z.infer<typeof WheelExpectedReturn>;

/** wheelInfoGet: the wheel as drawn — sectors with weights and chances — and, for a player, their fairness state. */
export const WheelInfo = z.strictObject({
  campaign: WheelCampaign,
  sectors: z.array(WheelSector),
  total_weight: z.number().int(),
  /** A paid wheel's expected return per spin; null for a wheel whose spins are not sold. */
  expected_return: WheelExpectedReturn.nullable(),
  fairness: WheelFairness.nullable(),
});
export type WheelInfo = z.infer<typeof WheelInfo>;

/** One spin: what it drew and paid, and everything needed to verify it. */
export const WheelSpin = z.strictObject({
  id: z.string(),
  campaign_id: z.number().int(),
  created_at: z.number().int(),
  sector_id: z.number().int(),
  /** The sector's index in wheel order at the time of the spin. */
  sector_index: z.number().int(),
  /** What was paid: the sector's reward, or its fallback when its stock was gone. */
  reward: WheelReward,
  /** The bonus the reward created (bonus rewards), for the received-bonus popup. */
  bonus_id: z.string().nullable(),
  /** The player's name masked (winners list) — only in scope "winners". */
  player: z.string().nullable(),
  server_seed_hash: z.string(),
  /** Revealed once the player rotated the seed; null before. */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number().int(),
  /** The weights of the sectors, in wheel order, as they were drawn from. */
  weights: z.array(z.number().int()),
  ticket: z.number().int(),
});
export type WheelSpin = z.infer<typeof WheelSpin>;

export const WheelQuest = QuestProgress.extend({ campaign_id: z.number().int(), reward_spins: z.number().int() });
export type WheelQuest = z.infer<typeof WheelQuest>;

/** A completed quest and the spins it granted (userQuestsHistoryGet). */
export const WheelQuestCompletion = z.strictObject({
  quest_id: z.number().int(),
  title: z.string(),
  spins: z.number().int(),
  completed_at: z.number().int(),
});

const campaignParam = z.object({ campaign_id: idOf("campaign_id") });

export const wheelMethods = {
  "FortuneWheels.campaignsGet": method({
    group: "FortuneWheels",
    name: "campaignsGet",
    verb: "GET",
    access: "public",
    summary: "The wheel campaigns running now, with the player's spin balance in each (0 for a visitor).",
    params: z.object({}),
    result: z.strictObject({ items: z.array(WheelCampaign) }),
  }),
  "FortuneWheels.campaignsInfo": method({
    group: "FortuneWheels",
    name: "campaignsInfo",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: "One campaign with its rules; 404 unknown_campaign.",
    params: campaignParam,
    result: WheelCampaignInfo,
  }),
  "FortuneWheels.wheelInfoGet": method({
    group: "FortuneWheels",
    name: "wheelInfoGet",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: "The wheel: sectors in order with weights, published chances, rewards and stock; the player's fairness state.",
    params: campaignParam,
    result: WheelInfo,
  }),
  "FortuneWheels.wheelRewardsGet": method({
    group: "FortuneWheels",
    name: "wheelRewardsGet",
    verb: "GET",
    access: "player",
    refuses: [refusal.unknown],
    summary: "What the player has won on this campaign's wheel (the gifts received), newest first.",
    params: z.object({ campaign_id: idOf("campaign_id"), offset, count: count(100, WHEEL_RESULTS_PAGE) }),
    result: z.strictObject({ items: z.array(WheelSpin), count: z.number().int() }),
  }),
  "FortuneWheels.wheelSpinResults": method({
    group: "FortuneWheels",
    name: "wheelSpinResults",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: "Spins of a campaign, newest first: scope 'mine' (the player's, every spin) or 'winners' (everyone's spins that paid something, names masked).",
    params: z.object({
      campaign_id: idOf("campaign_id"),
      count: count(100, WHEEL_RESULTS_PAGE),
      offset,
      scope: z.enum(["mine", "winners"], { error: "scope is 'mine' or 'winners'" }).default("winners"),
    }),
    result: z.strictObject({ items: z.array(WheelSpin), count: z.number().int() }),
  }),
  "FortuneWheels.campaignsQuestsGet": method({
    group: "FortuneWheels",
    name: "campaignsQuestsGet",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: "The campaign's quests with the player's progress in the current period (0 for a visitor).",
    params: campaignParam,
    result: z.strictObject({ items: z.array(WheelQuest) }),
  }),
  "FortuneWheels.campaignsQuestsInfo": method({
    group: "FortuneWheels",
    name: "campaignsQuestsInfo",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: "One quest with the player's progress; 404 for an unknown quest.",
    params: z.object({ quest_id: idOf("quest_id") }),
    result: WheelQuest,
  }),
  "FortuneWheels.userQuestsHistoryGet": method({
    group: "FortuneWheels",
    name: "userQuestsHistoryGet",
    verb: "GET",
    access: "player",
    refuses: [refusal.unknown],
    summary: `The player's completed quests of a campaign and the spins each granted, newest first, ${WHEEL_QUESTS_LIMIT} by default (SPEC §9).`,
    params: z.object({
      campaign_id: idOf("campaign_id"),
      limit: z.coerce
        .number()
        .int("limit must be an integer")
        .min(1, "limit must be at least 1")
        .max(WHEEL_QUESTS_LIMIT, `limit must be at most ${WHEEL_QUESTS_LIMIT}`)
        .default(WHEEL_QUESTS_LIMIT),
    }),
    result: z.strictObject({ items: z.array(WheelQuestCompletion) }),
  }),
  "FortuneWheels.buySpin": method({
    group: "FortuneWheels",
    name: "buySpin",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict],
    summary:
      "Buy spins with money (the main balance) or loyalty points, once per key. 404 unknown_campaign; 409 insufficient_funds, " +
      "insufficient_points, campaign_closed, not_for_sale (a wheel expected to pay back as much as a spin costs: DESIGN §7); " +
      "400 not_for_sale (no price that way), not_in_currency, key_reused (params.code).",
    params: z.object({
      campaign_id: idOf("campaign_id"),
      spins_amount: z.coerce
        .number({ error: "spins_amount must be a number" })
        .int("spins_amount must be an integer")
        .min(1, "spins_amount must be at least 1")
        .max(WHEEL_MAX_BUY, `spins_amount must be at most ${WHEEL_MAX_BUY}`),
      pay_with: z.enum(["money", "points"], { error: "pay_with is 'money' or 'points'" }).default("money"),
      key: rewardKey,
    }),
    result: z.strictObject({
      spin_balance: z.number().int(),
      spins_bought: z.number().int(),
      paid: z.union([Money, z.strictObject({ points: z.number().int() })]),
      replayed: z.boolean(),
    }),
  }),
  "FortuneWheels.spinWheel": method({
    group: "FortuneWheels",
    name: "spinWheel",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict],
    summary:
      "Spin once, spending one spin: the sector drawn, its reward paid, the balance moved, in one step; a repeated key answers the first spin. 409 no_spins, campaign_closed; 404 unknown_campaign; 400 key_reused.",
    params: z.object({ campaign_id: idOf("campaign_id"), key: rewardKey }),
    result: z.strictObject({ spin: WheelSpin, spin_balance: z.number().int(), fairness: WheelFairness, replayed: z.boolean() }),
  }),
  "FortuneWheels.fairnessGet": method({
    group: "FortuneWheels",
    name: "fairnessGet",
    verb: "GET",
    access: "player",
    summary: "The player's provably-fair state: the committed server seed's hash, their client seed, the next nonce, the algorithm.",
    params: z.object({}),
    result: WheelFairness,
  }),
  "FortuneWheels.clientSeedSet": method({
    group: "FortuneWheels",
    name: "clientSeedSet",
    verb: "POST",
    access: "player",
    summary: "Choose the client seed for the next spins (1–64 printable characters, no ':'); the server seed stays committed.",
    params: z.object({
      client_seed: z
        .string({ error: "client_seed is required" })
        .regex(CLIENT_SEED_PATTERN, "client_seed is 1 to 64 printable characters without ':' or spaces"),
    }),
    result: WheelFairness,
  }),
  "FortuneWheels.seedRotate": method({
    group: "FortuneWheels",
    name: "seedRotate",
    verb: "POST",
    access: "player",
    summary: "Reveal the server seed in use (every spin made with it can then be verified) and commit a new one.",
    params: z.object({}),
    result: z.strictObject({
      revealed: z.strictObject({ server_seed: z.string(), server_seed_hash: z.string(), client_seed: z.string(), spins: z.number().int() }),
      fairness: WheelFairness,
    }),
  }),
};
