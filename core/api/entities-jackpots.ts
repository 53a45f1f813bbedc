import { z } from "zod";
import { Money } from "./entities";

/**
 * Entities of the jackpots (issue 5, decision 0017). Amounts are Money in the jackpot's currency
 * (the site's default), integer minor units; times are Unix ms.
 */

export const Jackpot = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  name: z.string(),
  /** The pool now. */
  amount: Money,
  /** What the pool starts at again after a win. */
  seed: Money,
  /** The cap: the first round that finds the pool at or above it wins it. */
  must_drop_at: Money,
  /** Share of each real bet added to the pool, in percent (0.5 means 0.5 %). */
  contribution_percent: z.number(),
  currency: z.string(),
  games_count: z.number().int(),
  /** Sysnames of the pool's games, most popular first (at most 24). */
  games: z.array(z.string()),
  last_won_at: z.number().int().nullable(),
  last_win: Money.nullable(),
  image: z.string().optional(),
});
export type Jackpot = z.infer<typeof Jackpot>;

export const JackpotWinner = z.strictObject({
  id: z.string(),
  jackpot_id: z.number().int(),
  jackpot_name: z.string(),
  /** The player's display name, masked ("pl***42"); never an email. */
  player: z.string(),
  amount: Money,
  game: z.string().describe("The game's sysname"),
  game_title: z.string(),
  won_at: z.number().int(),
});
export type JackpotWinner = z.infer<typeof JackpotWinner>;
