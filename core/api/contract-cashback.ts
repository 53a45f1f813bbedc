import { z } from "zod";
import { method, refusal } from "./define";
import { Money } from "./entities";

/**
 * Cashback methods of the /api contract (SPEC §3 Cashback, §7 cashbacks.*; issue 18, decision
 * 0040). A cashback is computed by the platform's clock for each closed period in which the
 * player lost (net, bonuses excluded); it is `active` until paid out (to balance_main) or until
 * its claim window (`receiving_expired_at`) ends. Spread into `contract`.
 */

export const CashbackStatus = z.enum(["active", "paid_out"]);
export type CashbackStatus = z.infer<typeof CashbackStatus>;

export const Cashback = z.strictObject({
  id: z.string(),
  status: CashbackStatus,
  /** The programme's title (e.g. "Weekly cashback"). */
  title: z.string(),
  /** SPEC §3; present when `fields` asks for it. */
  description: z.string().optional(),
  /** What it pays: percent of the period's net loss, within the programme's limits. */
  amount: Money,
  loss: Money,
  percent: z.number().int(),
  /** Unix milliseconds: the period [period_start, end_date). */
  period_start: z.number().int(),
  end_date: z.number().int(),
  /** Last moment to claim it; null for one without a claim window. */
  receiving_expired_at: z.number().int().nullable(),
  /** True when it is active and its claim window is over: it can no longer be paid out. */
  is_expired: z.boolean(),
});
export type Cashback = z.infer<typeof Cashback>;

export const CashbackList = z.strictObject({ items: z.array(Cashback), count: z.number().int() });
export type CashbackList = z.infer<typeof CashbackList>;

export const CASHBACK_SORTS = ["end_date", "amount"] as const;
export const CASHBACK_FIELDS = ["description"] as const;

/** A comma list of known words: each unknown one is named in the error. */
function wordList<const W extends readonly string[]>(name: string, words: W) {
  return z
    .string({ error: `${name} must be a comma list` })
    .max(200, `${name} must be at most 200 characters`)
    .optional()
    .transform((raw, ctx) => {
      const list = (raw ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = list.filter((w) => !words.includes(w));
      if (unknown.length) {
        ctx.addIssue({ code: "custom", message: `${name} may be ${words.join(", ")}${unknown.length ? ` (not ${unknown.slice(0, 5).join(", ")})` : ""}` });
        return z.NEVER;
      }
      return [...new Set(list)] as W[number][];
    });
}

const cashbackId = z.string({ error: "cashback_id is required" }).regex(/^[0-9a-f]{32}$/, "cashback_id is malformed");

export const cashbackMethods = {
  "cashbacks.get": method({
    group: "cashbacks",
    name: "get",
    verb: "GET",
    access: "player",
    summary:
      "The player's cashbacks: `count` (1-100, default 10) of them sorted by `sort` (end_date or amount) in `order` (desc " +
      "by default, or asc); `statuses` (comma list of active, paid_out; both by default) keeps those; `fields=description` adds " +
      "the programme's description. `count` in the answer is how many match in all.",
    params: z.object({
      count: z.coerce
        .number({ error: "count must be an integer" })
        .int("count must be an integer")
        .min(1, "count must be at least 1")
        .max(100, "count must be at most 100")
        .default(10),
      sort: z.enum(CASHBACK_SORTS, { error: "sort may be end_date or amount" }).default("end_date"),
      order: z.enum(["asc", "desc"], { error: "order may be asc or desc" }).default("desc"),
      statuses: wordList("statuses", CashbackStatus.options),
      fields: wordList("fields", CASHBACK_FIELDS),
    }),
    result: CashbackList,
  }),
  "cashbacks.payout": method({
    group: "cashbacks",
    name: "payout",
    verb: "POST",
    access: "player",
    refuses: [refusal.tryAgain],
    summary:
      "Claim an active cashback: its amount is credited to balance_main, once. Refusals: 400 InvalidParameterException for an " +
      "unknown, removed or already paid cashback; 409 InvalidRequestException (params.reason 'claim_expired') once its claim window is over.",
    params: z.object({ cashback_id: cashbackId }),
    result: Cashback,
  }),
  "cashbacks.remove": method({
    group: "cashbacks",
    name: "remove",
    verb: "POST",
    access: "player",
    summary: "Remove a cashback from the list for good (an active one is given up: it can no longer be paid out). Returns 1.",
    params: z.object({ cashback_id: cashbackId }),
    result: z.literal(1),
  }),
};
