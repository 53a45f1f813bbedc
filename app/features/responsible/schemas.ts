/**
 * The forms of the responsible-gaming page (DESIGN §4: one Zod schema per form, used by Conform in
 * the browser and by the route action). Each form posts its `intent`. Amounts are typed in whole
 * units (SPEC §5 sum rule) and sent in minor units.
 */
import { z } from "zod";
import { DEPOSIT_LIMIT_PERIODS, PLAY_LIMIT_KINDS, PLAY_LIMIT_PERIODS, SELF_EXCLUSION_PERIODS } from "../../../core/api/entities-responsible";
import { createFields, formatMessage, type MessageOverrides } from "../../../core/validation";
import { REALITY_CHECK_CHOICES, SESSION_LIMIT_CHOICES } from "./choices";
import { PGSI_ANSWERS, PGSI_QUESTIONS } from "../../../core/self-assessment";

export const INTENTS = [
  "limit",
  "exclude",
  "reality",
  "break",
  "playLimit",
  "removeLimit",
  "sessionLimit",
  "declineLimitPrompt",
  "reviewLimits",
  "selfAssessment",
] as const;
export type Intent = (typeof INTENTS)[number];

/** The largest limit the form takes, in whole units. */
export const LIMIT_MAX_UNITS = "10,000,000";
export { REALITY_CHECK_CHOICES };

export function limitSchema(overrides?: MessageOverrides) {
  const f = createFields(overrides);
  const required = formatMessage("required", {}, overrides);
  return z
    .object({
      intent: z.literal("limit"),
      period: z.enum(DEPOSIT_LIMIT_PERIODS, { error: required }),
      amount: f.sum({ min: "1", max: LIMIT_MAX_UNITS, decimals: 0 }).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.period !== "none" && v.amount === undefined) ctx.addIssue({ code: "custom", path: ["amount"], message: required });
    });
}

/** One of the limits beside the deposit limit (issue 40): its kind, period and amount in whole units. */
export function playLimitSchema(overrides?: MessageOverrides) {
  const f = createFields(overrides);
  const required = formatMessage("required", {}, overrides);
  return z.object({
    intent: z.literal("playLimit"),
    kind: z.enum(PLAY_LIMIT_KINDS, { error: required }),
    period: z.enum(PLAY_LIMIT_PERIODS, { error: required }),
    amount: f.sum({ min: "1", max: LIMIT_MAX_UNITS, decimals: 0 }),
  });
}

/** Removing one of them: a button beside it (the market's wait applies). */
const removeLimitSchema = z.object({ intent: z.literal("removeLimit"), kind: z.enum(PLAY_LIMIT_KINDS), period: z.enum(PLAY_LIMIT_PERIODS) });

export function exclusionSchema(overrides?: MessageOverrides) {
  const f = createFields(overrides);
  return z.object({
    intent: z.literal("exclude"),
    period: z.enum(SELF_EXCLUSION_PERIODS, { error: formatMessage("required", {}, overrides) }),
    // Checked by the platform: accounts made by social or messenger sign-in have none.
    password: z.string().max(128).optional(),
    confirm: f.checkbox(),
  });
}

export function realitySchema(overrides?: MessageOverrides) {
  return z.object({
    intent: z.literal("reality"),
    minutes: z.enum(REALITY_CHECK_CHOICES, { error: formatMessage("required", {}, overrides) }),
  });
}

/** The session limit (decision 0089): one of the offered lengths, or none. */
export function sessionLimitSchema(overrides?: MessageOverrides) {
  return z.object({
    intent: z.literal("sessionLimit"),
    minutes: z.enum(SESSION_LIMIT_CHOICES, { error: formatMessage("required", {}, overrides) }),
  });
}

/** "Not now" to the UK's offer of a deposit limit before the first deposit (limit-prompt.tsx). */
const declineLimitPromptSchema = z.object({ intent: z.literal("declineLimitPrompt") });

/** "Keep my limits" to the six-monthly review reminder (limit-review.tsx). */
const reviewLimitsSchema = z.object({ intent: z.literal("reviewLimits") });

/** The self-assessment test (decision 0093): each of the PGSI's nine questions answered. */
export function selfAssessmentSchema(overrides?: MessageOverrides) {
  const answer = z.enum(PGSI_ANSWERS, { error: formatMessage("required", {}, overrides) });
  return z.object({ intent: z.literal("selfAssessment"), ...Object.fromEntries(PGSI_QUESTIONS.map((q) => [q, answer])) } as {
    intent: z.ZodLiteral<"selfAssessment">;
  } & Record<(typeof PGSI_QUESTIONS)[number], typeof answer>);
}

/** The header's panic button (decision 0082): nothing to fill in, nothing to confirm. */
const breakSchema = z.object({ intent: z.literal("break") });

/** The page's action: its forms and the header's panic button, as one union by `intent`. */
export function responsibleSchema(overrides?: MessageOverrides) {
  return z.discriminatedUnion("intent", [
    limitSchema(overrides),
    exclusionSchema(overrides),
    realitySchema(overrides),
    breakSchema,
    playLimitSchema(overrides),
    removeLimitSchema,
    sessionLimitSchema(overrides),
    declineLimitPromptSchema,
    reviewLimitsSchema,
    selfAssessmentSchema(overrides),
  ]);
}
