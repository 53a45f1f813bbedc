import { z } from "zod";
import { count, fieldList, method } from "./define";
import { listOf, Money } from "./entities";

/**
 * Free-spin packs on the /api contract (SPEC §7 freespins.get; issue 18, decision 0041). A pack is
 * granted by a trigger (registration, a deposit), played in the game studio at its bet on its game
 * (the round's `freespin_id`), and ends finished or expired; its winnings then become a bonus
 * (bonuses.get, `bonus_id` here). Spread into `contract`.
 */

export const FreespinStatus = z.enum(["active", "finished", "expired"]);
export type FreespinStatus = z.infer<typeof FreespinStatus>;

/** The optional parts `fields` may ask for (SPEC §7: fields description). */
export const FREESPIN_FIELDS = ["description"] as const;

export const FreespinPack = z.strictObject({
  id: z.string(),
  status: FreespinStatus,
  /** SPEC §3: the pack's game, by sysname (the studio's launch path) and title. */
  game: z.strictObject({ sysname: z.string(), title: z.string() }),
  title: z.string(),
  /** Present when `fields` asks for it. */
  description: z.string().optional(),
  /** Spins granted, and spins left to play (SPEC §3 remaining_count). */
  count: z.number().int(),
  remaining_count: z.number().int(),
  /** The bet of every free round, and what the pack's rounds have won so far. */
  bet: Money,
  won: Money,
  /** Unix milliseconds. */
  created_at: z.number().int(),
  expires_at: z.number().int(),
  finished_at: z.number().int().nullable(),
  /** The bonus the winnings became once the pack ended (null: still active, or nothing won). */
  bonus_id: z.string().nullable(),
});
export type FreespinPack = z.infer<typeof FreespinPack>;

const fields = fieldList(FREESPIN_FIELDS, []);

export const freespinMethods = {
  "freespins.get": method({
    group: "freespins",
    name: "get",
    verb: "GET",
    access: "player",
    summary:
      "The player's free-spin packs of one status (default active), newest first, at most `count` (1-99, default 99); " +
      "`fields=description` adds each pack's description. A pack is played in the game studio with the round's `freespin_id`.",
    params: z.object({
      fields,
      status: z.enum(FreespinStatus.options, { message: "status must be active, finished or expired" }).default("active"),
      count: count(99, 99),
    }),
    result: listOf(FreespinPack),
  }),
};
