import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { deliverVerificationWebhooks, RETRY_DELAYS_MS } from "../../workers/platform/demo/verification-outbox";
import { decide } from "../../workers/platform/demo/verification-review";
import { UPLOAD_RETENTION_MS } from "../../workers/platform/demo/verification-retention";
import { CLOCK_BATCH } from "../../workers/platform/cashier/reconcile";
import { registerPlayer, type Player } from "./auth-helpers";
import { mainBalance, startDeposit, txRow } from "./cashier-helpers";
import { data } from "./helpers";
import { ledgerRows } from "./wallet-helpers";
import { applicantOf, outboxOf, submitDocuments, verifiablePlayer } from "./verification-helpers";
import { playerDb } from "./player-db";

/** One tick of the Worker's cron trigger at `scheduledTime`. */
async function run(scheduledTime: number, vars: Env = env): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), vars, ctx);
  await waitOnExecutionContext(ctx);
}

/** A deposit the payer paid at the payment system whose callback never reached the platform. */
async function paidCallbackLost(p: Player, amount = 5000): Promise<string> {
  const { transaction_id: id } = await startDeposit(p, { amount });
  await env.DB.prepare("UPDATE demo_payments SET status = 'success' WHERE transaction_id = ?1").bind(id).run();
  return id;
}

const depositCredits = async (uid: number) => (await ledgerRows(uid)).filter((r) => r.type === "deposit").length;

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
      )
        .bind(id)
        .first<{ n: number; chunks: number }>())!;
    expect((await docs(old)).n).toBeGreaterThanOrEqual(3);
    const tokens = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM demo_verification_tokens WHERE applicant_id IN (?1, ?2)").bind(old, pending).first<number>("n");
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
    await playerDb(p.uid)
      .prepare("UPDATE player_bonuses SET available_until = ?2 WHERE id = ?1")
      .bind(signUp.id, Date.now() - 1)
      .run();
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
    const row = await playerDb(p.uid).prepare("SELECT status FROM player_bonuses WHERE id = ?1").bind(signUp.id).first<string>("status");
    expect(row).toBe("expired");
  });

  it("credits a deposit whose payment callback was lost, without its player opening the cashier; a second run credits nothing more", async () => {
    const p = await registerPlayer();
    const id = await paidCallbackLost(p);
    // Under a minute old, the callback may still be on its way: not asked yet.
    await run(Date.now());
    expect((await txRow(p.uid, id))!.status).toBe("new");
    const later = Date.now() + 2 * 60_000;
    await run(later);
    expect((await txRow(p.uid, id))!.status).toBe("success");
    await run(later + 60_000);
    expect([await mainBalance(p), await depositCredits(p.uid)]).toEqual([5000, 1]);
    // The deposit earned its welcome bonus as a callback would have.
    expect((await data(p.browser.get("bonuses/get"))).available.map((b: { sysname: string }) => b.sysname)).toContain("welcome-1");
    // A pending deposit past its settle time whose settling never came (the timer's Worker died).
    const { transaction_id: pending } = await startDeposit(p, { amount: 3000 });
    const past = Date.now() - 1000;
    await env.DB.prepare("UPDATE demo_payments SET status = 'pending', settle_at = ?2 WHERE transaction_id = ?1").bind(pending, past).run();
    await playerDb(p.uid).prepare("UPDATE cashier_transactions SET status = 'pending', settle_at = ?2 WHERE id = ?1").bind(pending, past).run();
    await run(Date.now());
    expect([(await txRow(p.uid, pending))!.status, await mainBalance(p), await depositCredits(p.uid)]).toEqual(["success", 8000, 2]);
  });

  it("asks about a backlog of abandoned payments in turns: a paid one behind them is credited by the next run", async () => {
    const abandoner = await registerPlayer();
    for (let i = 0; i < CLOCK_BATCH; i++) await startDeposit(abandoner, { amount: 2000 });
    const p = await registerPlayer();
    const id = await paidCallbackLost(p);
    // Every run asks CLOCK_BATCH of the due deposits, the least recently asked first: the first run
    // may pick the abandoned ones only; the second then comes to this one.
    const later = Date.now() + 2 * 60_000;
    await run(later);
    await run(later + 60_000);
    expect([(await txRow(p.uid, id))!.status, await mainBalance(p)]).toEqual(["success", 5000]);
  });
});
