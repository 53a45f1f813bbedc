import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { deliverVerificationWebhooks, RETRY_DELAYS_MS } from "../../workers/platform/demo/verification-outbox";
import { decide } from "../../workers/platform/demo/verification-review";
import { registerPlayer } from "./auth-helpers";
import { data } from "./helpers";
import { applicantOf, outboxOf, submitDocuments } from "./verification-helpers";

/** The Worker's cron trigger (wrangler.toml): it delivers the verification webhooks that are due. */
describe("scheduled()", () => {
  it("delivers a webhook whose first delivery failed once its retry is due, and only then", async () => {
    const p = await registerPlayer();
    await submitDocuments(p);
    const applicantId = (await applicantOf(p.uid))!.id as string;
    const t0 = Date.now();
    expect(await decide(env.DB, { id: applicantId, uid: p.uid }, "approve", "", t0)).toBe(true);
    const down = async () => new Response("unavailable", { status: 503 });
    expect(await deliverVerificationWebhooks(env, t0, { send: down })).toEqual({ delivered: 0, failed: 1 });

    const run = async (scheduledTime: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    // A minute's tick before the retry is due sends nothing.
    await run(t0 + 30_000);
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 1, delivered_at: null });

    await run(t0 + RETRY_DELAYS_MS[0]!);
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 2, delivered_at: t0 + RETRY_DELAYS_MS[0]!, last_error: null });
    const info = await data(p.browser.get("account/getInfo"));
    expect([info.is_verified, info.is_on_verification]).toEqual([true, false]);
  });
});
