import type { Handlers } from "../core/context";
import { PlatformError } from "../../../core/api/errors";
import { effectiveRealityCheck, realityCheckAllowed } from "../../../core/jurisdiction-rules";
import { describeLimit, playerCurrency, readDepositLimit } from "./deposit-limit";
import { requestLimit } from "./limit-rules";
import { loadLimit, saveLimit } from "./limits-store";
import { playerJurisdiction } from "./jurisdiction";
import { activeExclusion, selfExclude, takeBreak } from "./self-exclusion";
import { playSince } from "./session-stats";
import { readSessionLimit, setSessionLimit } from "./session-limit";
import { declineLimitPrompt } from "./deposit-guard";
import { limitsReviewDue, reviewLimits } from "./limit-review";
import { submitSelfAssessment } from "./self-assessment";
import { depositMarket, describeMarketCap } from "./market-cap";
import { describePlayLimits, setPlayLimit } from "./play-limits";
import type { PlatformContext } from "../core/context";

/** account.getLimits' answer: the player's limits and their market's ceiling. */
async function readLimits(ctx: PlatformContext, now: number) {
  const market = await depositMarket(ctx, ctx.uid, now);
  const [limits, cap] = await Promise.all([describePlayLimits(ctx.player(), ctx.uid, market.currency, now), describeMarketCap(ctx.player(), ctx.uid, market)]);
  return { limits, market_cap: cap };
}

type Methods =
  | "account.getDepositLimit"
  | "account.setDepositLimit"
  | "account.getLimits"
  | "account.setLimit"
  | "account.selfExclude"
  | "account.takeBreak"
  | "account.getResponsibleGaming"
  | "account.setSessionLimit"
  | "account.declineLimitPrompt"
  | "account.reviewLimits"
  | "account.submitSelfAssessment"
  | "account.setRealityCheck";

/** Responsible gaming (decision 0012): deposit limits, self-exclusion, the reality check. */
export const responsibleHandlers: Handlers<Methods> = {
  "account.getDepositLimit": (_p, ctx) => readDepositLimit(ctx.player(), ctx.uid),

  async "account.setDepositLimit"({ period, amount }, ctx) {
    const now = Date.now();
    const request = period === "none" ? null : { days: Number(period), amount: amount! };
    const [state, rules] = await Promise.all([loadLimit(ctx.player(), ctx.uid, now), playerJurisdiction(ctx)]);
    const next = requestLimit(state, request, now, rules.depositLimits);
    await saveLimit(ctx.player(), ctx.uid, next, now);
    return describeLimit(ctx.player(), ctx.uid, next, now);
  },

  "account.getLimits": (_p, ctx) => readLimits(ctx, Date.now()),

  async "account.setLimit"({ kind, period, amount }, ctx) {
    const now = Date.now();
    const rules = await playerJurisdiction(ctx);
    await setPlayLimit(ctx.player(), ctx.uid, kind, period, amount ?? null, now, rules.depositLimits);
    return readLimits(ctx, now);
  },

  "account.selfExclude": (params, ctx) => selfExclude(params, ctx),

  "account.takeBreak": (_p, ctx) => takeBreak(ctx),

  async "account.getResponsibleGaming"(_p, ctx) {
    const now = Date.now();
    const startedAt = ctx.session?.createdAt ?? now;
    const [until, check, currency, rules, limit, reviewDue] = await Promise.all([
      activeExclusion(ctx.player(), ctx.uid),
      ctx.player().prepare("SELECT minutes FROM reality_checks WHERE uid = ?1").bind(ctx.uid).first<{ minutes: number }>(),
      playerCurrency(ctx.db, ctx.uid),
      playerJurisdiction(ctx),
      readSessionLimit(ctx.db, ctx.uid, now),
      limitsReviewDue(ctx.player(), ctx.uid, now),
    ]);
    return {
      self_exclusion_until: until ?? null,
      // A market with a longest interval runs the check at it when the player chose none or a longer one.
      reality_check_minutes: effectiveRealityCheck(check?.minutes ?? 0, rules.realityCheck.maxMinutes),
      session_limit: limit,
      limits_review_due: reviewDue,
      session: { started_at: startedAt, ends_at: ctx.session?.endsAt ?? null, ...(await playSince(ctx.player(), ctx.uid, startedAt, currency)) },
    };
  },

  async "account.reviewLimits"(_p, ctx) {
    await reviewLimits(ctx.player(), ctx.uid, Date.now());
    return 1 as const;
  },

  "account.submitSelfAssessment": ({ answers }, ctx) => submitSelfAssessment(ctx.player(), ctx.uid, answers, Date.now()),

  async "account.declineLimitPrompt"(_p, ctx) {
    await declineLimitPrompt(ctx.player(), ctx.uid, Date.now());
    return 1 as const;
  },

  async "account.setSessionLimit"({ minutes }, ctx) {
    const rules = await playerJurisdiction(ctx);
    return setSessionLimit(ctx.db, ctx.uid, minutes ?? null, Date.now(), rules.depositLimits.raiseWaitMs);
  },

  async "account.setRealityCheck"({ minutes }, ctx) {
    const rules = await playerJurisdiction(ctx);
    const max = rules.realityCheck.maxMinutes;
    if (!realityCheckAllowed(minutes, max)) {
      throw new PlatformError("InvalidParameter", `Under the ${rules.regulator}'s rules the reality check comes at least every ${max} minutes`, {
        fields: { minutes: [`at most ${max} minutes, and not off`] },
      });
    }
    await ctx
      .player()
      .prepare(
        `INSERT INTO reality_checks (uid, minutes, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (uid) DO UPDATE SET minutes = ?2, updated_at = ?3`,
      )
      .bind(ctx.uid, minutes, Date.now())
      .run();
    return 1 as const;
  },
};
