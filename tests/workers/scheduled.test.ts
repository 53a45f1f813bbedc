import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { deliverVerificationWebhooks, RETRY_DELAYS_MS } from "../../workers/platform/demo/verification-outbox";
import { decide } from "../../workers/platform/demo/verification-review";
import { UPLOAD_RETENTION_MS } from "../../workers/platform/demo/verification-retention";
import { registerPlayer } from "./auth-helpers";
import { data } from "./helpers";
import { applicantOf, outboxOf, submitDocuments, verifiablePlayer } from "./verification-helpers";

/** One tick of the Worker's cron trigger at `scheduledTime`. */
async function run(scheduledTime: number, vars: Env = env): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), vars, ctx);
  await waitOnExecutionContext(ctx);
}

/** The Worker's cron trigger (wrangler.toml): it delivers the verification webhooks that are due, and keeps the provider's retention. */
describe("scheduled()", () => {
  it("delivers a webhook whose first delivery failed once its retry is due, and only then", async () => {
    const p = await verifiablePlayer();
    await submitDocuments(p);
    const applicantId = (await applicantOf(p.uid))!.id as string;
    const t0 = Date.now();
    expect(await decide(env.DB, { id: applicantId, uid: p.uid }, "approve", "", t0)).toBe(true);
    const down = async () => new Response("unavailable", { status: 503 });
    expect(await deliverVerificationWebhooks(env, t0, { send: down })).toEqual({ delivered: 0, failed: 1 });

    // A minute's tick before the retry is due sends nothing.
    await run(t0 + 30_000);
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 1, delivered_at: null });

    await run(t0 + RETRY_DELAYS_MS[0]!);
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 2, delivered_at: t0 + RETRY_DELAYS_MS[0]!, last_error: null });
    const info = await data(p.browser.get("account/getInfo"));
    expect([info.is_verified, info.is_on_verification]).toEqual([true, false]);
  });

  it("runs none of the demo verification provider's clocks in production unless DEMO_PROVIDERS names it (decision 0060)", async () => {
    const p = await verifiablePlayer();
    await submitDocuments(p);
    const applicantId = (await applicantOf(p.uid))!.id as string;
    const t0 = Date.now();
    expect(await decide(env.DB, { id: applicantId, uid: p.uid }, "approve", "", t0)).toBe(true);
    expect(await deliverVerificationWebhooks(env, t0, { send: async () => new Response("unavailable", { status: 503 }) })).toEqual({ delivered: 0, failed: 1 });
    const production = { ...env, APP_ENV: "production", SIGNING_SECRET: "a-real-secret-of-at-least-thirty-two-characters", TELEGRAM_BOT_TOKEN: "" } as Env;

    await run(t0 + RETRY_DELAYS_MS[0]!, production);
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 1, delivered_at: null });
    // Named, it runs there too (the webhook is signed with the deployment's own secret, so it is accepted).
    await run(t0 + RETRY_DELAYS_MS[0]!, { ...production, DEMO_PROVIDERS: "verification" } as Env);
    expect((await outboxOf(applicantId))[0]).toMatchObject({ attempts: 2 });
  });

  it("deletes a decided attempt's uploads 30 days after the decision, never an open one's, and long-expired tokens", async () => {
    const decided = await verifiablePlayer();
    await submitDocuments(decided);
    const old = (await applicantOf(decided.uid))!.id as string;
    const t0 = Date.now();
    expect(await decide(env.DB, { id: old, uid: decided.uid }, "retry", "blurred", t0)).toBe(true);
    const open = await verifiablePlayer();
    await submitDocuments(open);
    const pending = (await applicantOf(open.uid))!.id as string;
    const docs = async (id: string) =>
      (await env.DB.prepare(
        `SELECT COUNT(*) AS n, (SELECT COUNT(*) FROM demo_verification_document_chunks c JOIN demo_verification_documents d ON d.id = c.document_id WHERE d.applicant_id = ?1) AS chunks
         FROM demo_verification_documents WHERE applicant_id = ?1`,
      ).bind(id).first<{ n: number; chunks: number }>())!;
    expect((await docs(old)).n).toBeGreaterThanOrEqual(3);
    const tokens = () => env.DB.prepare("SELECT COUNT(*) AS n FROM demo_verification_tokens WHERE applicant_id IN (?1, ?2)").bind(old, pending).first<number>("n");
    expect(await tokens()).toBeGreaterThan(0);
    // A day before the end of retention: kept.
    await run(t0 + UPLOAD_RETENTION_MS - 24 * 3600_000);
    expect((await docs(old)).n).toBeGreaterThanOrEqual(3);
    // After it: the decided attempt's uploads and their bytes are gone (a run deletes a bounded batch,
    // and other tests' decided attempts may come first: run until this one is reached).
    for (let i = 0; i < 20 && (await docs(old)).n > 0; i++) await run(t0 + UPLOAD_RETENTION_MS + 60_000);
    expect(await docs(old)).toEqual({ n: 0, chunks: 0 });
    // The attempt keeps its decision; the open attempt keeps everything; the expired tokens are gone.
    expect(await applicantOf(decided.uid)).toMatchObject({ id: old, status: "rejected_retry", review_comment: "blurred" });
    expect((await docs(pending)).n).toBeGreaterThanOrEqual(3);
    expect(await tokens()).toBe(0);
  });

  it("runs every clock even when one before it throws, and still reports the failure", async () => {
    const p = await registerPlayer();
    const signUp = (await data(p.browser.get("bonuses/get"))).available[0];
    await env.DB.prepare("UPDATE player_bonuses SET available_until = ?2 WHERE id = ?1").bind(signUp.id, Date.now() - 1).run();
    // The first clocks (the verification provider's) fail on every query of theirs.
    const broken = new Proxy(env.DB, {
      get(db, key) {
        if (key === "prepare") {
          return (sql: string) => {
            if (sql.includes("demo_verification")) throw new Error("verification tables unavailable");
            return db.prepare(sql);
          };
        }
        const value = Reflect.get(db, key);
        return typeof value === "function" ? value.bind(db) : value;
      },
    });
    const ctx = createExecutionContext();
    const ran = worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), { ...env, DB: broken }, ctx);
    await expect(ran).rejects.toThrow(/2 clock\(s\) failed/);
    await waitOnExecutionContext(ctx);
    // The bonus clock after them still ran: the player's lapsed bonus is expired.
    const row = await env.DB.prepare("SELECT status FROM player_bonuses WHERE id = ?1").bind(signUp.id).first<string>("status");
    expect(row).toBe("expired");
  });
});
