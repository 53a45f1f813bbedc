import { z } from "zod";
import { method, refusal } from "./define";
import {
  DepositLimit,
  DEPOSIT_LIMIT_PERIODS,
  PLAY_LIMIT_KINDS,
  PLAY_LIMIT_PERIODS,
  PlayLimits,
  REALITY_CHECK_MINUTES,
  ResponsibleGaming,
  SELF_EXCLUSION_PERIODS,
  SelfAssessment,
  SessionLimit,
} from "./entities-responsible";
import { PGSI_QUESTIONS } from "../self-assessment";
import { SESSION_LIMIT_MINUTES } from "../jurisdiction-rules";

/**
 * Responsible-gaming methods of the /api contract (SPEC §3 Deposit limit, §7 account.getDepositLimit,
 * §9 periods; decision 0012). Spread into `contract` in contract.ts.
 */

const period = z.enum(DEPOSIT_LIMIT_PERIODS, { error: "period must be one of none, 1, 7, 14, 30 (days)" });

/** Minor units of the player's currency; required unless period is none. */
const amount = z.coerce
  .number({ error: "amount must be a number" })
  .int("amount must be a whole number of minor units")
  .positive("amount must be more than 0")
  .max(1e13, "amount is too large")
  .optional();

const setDepositLimitParams = z.object({ period, amount }).superRefine((v, ctx) => {
  if (v.period !== "none" && v.amount === undefined) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "amount is required when a period is set" });
  }
});

export const responsibleMethods = {
  "account.getDepositLimit": method({
    group: "account",
    name: "getDepositLimit",
    verb: "GET",
    access: "player",
    summary:
      "The player's deposit limit (SPEC §3): period in days (none, 1, 7, 14, 30), limit, what the current fixed " +
      "window leaves (available_amount) and when it ends (expired_at), and a raise or removal waiting for its " +
      "24-hour cooling-off (pending).",
    params: z.object({}),
    result: DepositLimit,
  }),
  "account.setDepositLimit": method({
    group: "account",
    name: "setDepositLimit",
    verb: "POST",
    access: "player",
    summary:
      "Set the deposit limit: a first limit or a stricter one (smaller amount, or the same amount over a longer " +
      "period) applies at once and cancels a pending raise; a raise or a removal (period none) applies after 24 " +
      "hours. amount in minor units, required unless period is none. Answers the limit as getDepositLimit does.",
    params: setDepositLimitParams,
    result: DepositLimit,
  }),
  "account.getLimits": method({
    group: "account",
    name: "getLimits",
    verb: "GET",
    access: "player",
    summary:
      "The player's limits beside the deposit limit (issue 40): deposit, loss (stakes less wins) and wager (stakes) " +
      "limits per day, week and month, all in force together, each with what its current window used and leaves and " +
      "a raise waiting; and the monthly deposit ceiling of the player's market (Germany, the Netherlands) with its " +
      "notice at 50 % and 100 %.",
    params: z.object({}),
    result: PlayLimits,
  }),
  "account.setLimit": method({
    group: "account",
    name: "setLimit",
    verb: "POST",
    access: "player",
    summary:
      "Set one limit (kind deposit, loss or wager; period day, week or month) or, without amount, remove it. A first " +
      "or smaller limit applies at once; a raise or a removal waits for the market's cooling-off (24 hours; 72 hours " +
      "and the period's end in the Netherlands and Sweden; 7 days in Germany). amount in minor units. A deposit past " +
      "a deposit limit answers BillingDepositLimitExceeded; a round or bet past a loss or wager limit InvalidParameter " +
      "(bet or stake) with params.limit. Answers account.getLimits.",
    params: z.object({
      kind: z.enum(PLAY_LIMIT_KINDS, { error: "kind must be one of deposit, loss, wager" }),
      period: z.enum(PLAY_LIMIT_PERIODS, { error: "period must be one of day, week, month" }),
      amount: z.preprocess((v) => (v === "" ? undefined : v), amount),
    }),
    result: PlayLimits,
  }),
  "account.selfExclude": method({
    group: "account",
    name: "selfExclude",
    verb: "POST",
    access: "player",
    refuses: [refusal.throttled],
    summary:
      "Self-exclusion for a SPEC §9 period (1d, 7d, 30d, 3m, 6m, 9m, 1y, 2y, 3y, 4y, 5y, permanent). The account " +
      "password confirms it (accounts without a password confirm with the session alone). Every session of the " +
      "player ends; sign-in and deposits are refused until `until` (null: permanently).",
    params: z.object({
      period: z.enum(SELF_EXCLUSION_PERIODS, { error: "period must be one of 1d, 7d, 30d, 3m, 6m, 9m, 1y, 2y, 3y, 4y, 5y, permanent" }),
      password: z.string({ error: "password must be text" }).max(128, "password is too long").optional(),
    }),
    result: z.strictObject({ until: z.number().int().nullable() }),
  }),
  "account.takeBreak": method({
    group: "account",
    name: "takeBreak",
    verb: "POST",
    access: "player",
    summary:
      "The panic button (GlüStV 2021 §6b): a 24-hour self-exclusion in one tap, with no password and no confirmation, " +
      "offered where the player's market profile asks for it (core/jurisdictions.ts `exclusion.panicButton`; elsewhere " +
      "InvalidRequest: self-exclusion is account.selfExclude). Every session of the player ends; `until` is when it ends.",
    params: z.object({}),
    result: z.strictObject({ until: z.number().int() }),
  }),
  "account.getResponsibleGaming": method({
    group: "account",
    name: "getResponsibleGaming",
    verb: "GET",
    access: "player",
    summary:
      "The player's responsible-gaming state: self-exclusion end, reality-check interval (minutes, 0 = off), the " +
      "session limit, and this session's start (and end, under a session limit) with the real money wagered, won and " +
      "the net result since then.",
    params: z.object({}),
    result: ResponsibleGaming,
  }),
  "account.reviewLimits": method({
    group: "account",
    name: "reviewLimits",
    verb: "POST",
    access: "player",
    summary:
      "The player's answer to the limit review reminder (getResponsibleGaming's limits_review_due, six months after " +
      "they last set, changed or confirmed their deposit, loss and wager limits): they are still right. The next " +
      "reminder comes six months from now. Returns 1.",
    params: z.object({}),
    result: z.literal(1),
  }),
  "account.declineLimitPrompt": method({
    group: "account",
    name: "declineLimitPrompt",
    verb: "POST",
    access: "player",
    summary:
      "The player's answer to their market's offer of a deposit limit before the first deposit (the UK; " +
      "cashier.getdepositinfo's limit_prompt): no limit for now. Recorded once; setting a limit (account.setLimit, " +
      "account.setDepositLimit) is the other answer. Until one is given, cashier.makedeposit answers " +
      "BillingDepositLimitExceeded with params.limit_prompt. Returns 1.",
    params: z.object({}),
    result: z.literal(1),
  }),
  "account.setSessionLimit": method({
    group: "account",
    name: "setSessionLimit",
    verb: "POST",
    access: "player",
    summary:
      "Set the session limit: the longest one signed-in session may last, in minutes (one of the offered lengths from " +
      "15 minutes to 8 hours; a refusal lists them), or without minutes none. A first or shorter limit applies at once, to the sessions in progress too " +
      "(each ends at its start plus the limit, or 5 minutes from now when that has passed); a longer one or a removal " +
      "waits for the market's cooling-off and applies from the next sign-in. When the limit ends a session the player " +
      'is signed out; the next account.getInfo answers session_ended "limit" once.',
    params: z.object({
      minutes: z.preprocess(
        (v) => (v === "" ? undefined : v),
        z.coerce
          .number({ error: "minutes must be a number" })
          .refine((m) => (SESSION_LIMIT_MINUTES as readonly number[]).includes(m), `minutes must be one of ${SESSION_LIMIT_MINUTES.join(", ")}`)
          .optional(),
      ),
    }),
    result: SessionLimit,
  }),
  "account.submitSelfAssessment": method({
    group: "account",
    name: "submitSelfAssessment",
    verb: "POST",
    access: "player",
    summary:
      "The self-assessment test (the Problem Gambling Severity Index's nine questions about the last twelve months): " +
      "`answers` holds the nine answers in the screen's order, each never (0), sometimes (1), most of the time (2) or " +
      "almost always (3), comma-separated. The platform keeps the score with its time for the operator's duty of care " +
      "and answers it with its band: none (0), low (1 to 2), moderate (3 to 7) or high (8 and over).",
    params: z.object({
      answers: z
        .string({ error: "answers must be text" })
        .regex(new RegExp(`^[0-3](,[0-3]){${PGSI_QUESTIONS.length - 1}}$`), `answers must be ${PGSI_QUESTIONS.length} answers from 0 to 3, comma-separated`),
    }),
    result: SelfAssessment,
  }),
  "account.setRealityCheck": method({
    group: "account",
    name: "setRealityCheck",
    verb: "POST",
    access: "player",
    summary: "Set the reality-check interval in minutes of session time: 0 (off), 15, 30, 45, 60 or 120. Returns 1.",
    params: z.object({
      // An empty value is missing, not 0 (coercion would read "" as 0 and turn the check off).
      minutes: z.preprocess(
        (v) => (v === "" ? undefined : v),
        z.coerce
          .number({ error: "minutes must be a number" })
          .refine((m) => (REALITY_CHECK_MINUTES as readonly number[]).includes(m), "minutes must be one of 0, 15, 30, 45, 60, 120"),
      ),
    }),
    result: z.literal(1),
  }),
};
