import { z } from "zod";
import { count, method, offset, refusal } from "./define";
import { listOf } from "./entities";
import { Jackpot, JackpotWinner } from "./entities-jackpots";

/**
 * Jackpot methods of the /api contract (SPEC §7 Jackpots.*, issue 5; decision 0017). Spread into
 * `contract` in contract.ts. The group is spelled as SPEC §7 does; paths match it in any case.
 */

const jackpotId = z.coerce
  .number({ error: "id must be a jackpot id" })
  .int("id must be a jackpot id")
  .min(1, "id must be a jackpot id")
  .max(2 ** 31, "id must be a jackpot id");

export const jackpotMethods = {
  "Jackpots.get": method({
    group: "Jackpots",
    name: "get",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary:
      "The active jackpots in order, each with its pool now, seed, cap (must_drop_at), contribution and last win; " +
      "with `id`, that one jackpot only (a list of one). An unknown id answers 404.",
    params: z.object({ id: jackpotId.optional() }),
    result: z.array(Jackpot),
  }),
  "Jackpots.getWinners": method({
    group: "Jackpots",
    name: "getWinners",
    verb: "GET",
    access: "public",
    summary: "Recent jackpot wins, newest first; `jackpot_id` keeps one jackpot's. Players are shown by a masked name. " + "count is the total.",
    params: z.object({ jackpot_id: jackpotId.optional(), offset, count: count(100, 20) }),
    result: listOf(JackpotWinner),
  }),
};
