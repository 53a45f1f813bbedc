import { z } from "zod";

/**
 * Every kind of reward the platform pays (DESIGN §7, workers/platform/rewards/): money to the main
 * balance, a bonus from a template, a free-spin pack from a template, loyalty points, wheel spins,
 * or nothing. Declared once: each configured thing that pays names the kinds it may pay from here.
 */
export const RewardKind = z.enum(["bonus", "freespins", "points", "money", "spins", "nothing"]);
export type RewardKind = z.infer<typeof RewardKind>;

/** What the bonus engine grants (offers, promo codes): a bonus or a free-spin pack. */
export const GrantKind = RewardKind.extract(["bonus", "freespins"]);
export type GrantKind = z.infer<typeof GrantKind>;

/** A prize bought or won outright (loyalty shop products, tournament places): money, a bonus or a pack. */
export const PrizeKind = RewardKind.extract(["money", "bonus", "freespins"]);
export type PrizeKind = z.infer<typeof PrizeKind>;
