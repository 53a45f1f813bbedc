import { z } from "zod";
import { method } from "./define";
import { Money } from "./entities";
import { PrizeKind } from "./rewards";

/**
 * First-to-hit challenges on the /api contract (issue 43, decision 0117): "the first N players to
 * hit ×M on game G with a bet of at least B win P". A real-money round of the game (not under a bonus)
 * whose win reaches M times its bet, while the challenge runs, takes the next place while places are
 * left, one per player; the prize is paid by the one reward path. Spread into `contract`.
 */

export const CHALLENGE_STATUSES = ["future", "active", "full", "finished"] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

export const ChallengeClaim = z.strictObject({
  rank: z.number().int(),
  /** Nickname, or the masked login (as the winners ticker). */
  player: z.string(),
  /** The hit: its win ÷ its bet, in hundredths (×12.50 = 1250). */
  multiplier: z.number().int(),
  claimed_at: z.number().int(),
  is_me: z.boolean(),
});
export type ChallengeClaim = z.infer<typeof ChallengeClaim>;

export const Challenge = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  /** The game that counts: its sysname and title. */
  game: z.strictObject({ sysname: z.string(), title: z.string() }),
  /** The least win ÷ bet that counts, in hundredths (×10 = 1000). */
  multiplier: z.number().int(),
  /** The least real-money bet that counts, in the reader's currency; null: the reader's currency cannot take part. */
  min_bet: Money.nullable(),
  /** How many players win it, and how many places are taken. */
  winners: z.number().int(),
  claimed: z.number().int(),
  /** What each of them wins, in the reader's currency (else the site's default). */
  prize: z.strictObject({ type: PrizeKind, amount: Money.nullable(), units: z.number().int().nullable(), title: z.string() }),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  /** future: not started; active: places left; full: every place taken; finished: ended. */
  status: z.enum(CHALLENGE_STATUSES),
  /** The places taken, first first. */
  claims: z.array(ChallengeClaim),
  /** The reader's own progress (null for a visitor): their place, and their best real-money round on the game since it started, in hundredths. */
  me: z.strictObject({ rank: z.number().int().nullable(), best: z.number().int().nullable() }).nullable(),
});
export type Challenge = z.infer<typeof Challenge>;

export const challengeMethods = {
  "challenges.get": method({
    group: "challenges",
    name: "get",
    verb: "GET",
    access: "public",
    summary:
      "The first-to-hit challenges running, about to start, or ended in the last 7 days, with their places taken (the first 50) and " +
      "the reader's progress: their place and their best multiplier on the game since the challenge started.",
    params: z.object({}),
    result: z.strictObject({ items: z.array(Challenge) }),
  }),
};
