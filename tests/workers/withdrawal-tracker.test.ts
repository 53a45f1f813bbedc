import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { relayInbox } from "../../workers/platform/demo/push-relay";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { reconcilePlayer } from "../../workers/platform/cashier/reconcile";
import { runPlayerClocks } from "../../workers/platform/player/clock-run";
import {
  BONUS_CHECK_MS,
  CHECKS_MS,
  PAYOUT_DELAY_MS,
  PSP_MS,
  REVIEW_AMOUNT,
  REVIEW_MS,
  SEND_MS,
  VERIFY_POLL_MS,
} from "../../workers/platform/cashier/withdrawal-stages";
import { registerPlayer, type Player } from "./auth-helpers";
import { readyToWithdraw, newKey } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";

/**
 * The withdrawal tracker (issue 43, decision 0112): each withdrawal's stages — requested, approved,
 * sent, paid — with their times and what it waits for, moved on by the cashier's reads and by the
 * player's clock; every approval recorded in D1, and the cashier's published median and 95th
 * percentile of the approval times over the last 7 days.
 */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });
const MIN = 60_000;

async function funded(amount: number): Promise<Player> {
  const p = await registerPlayer();
  await readyToWithdraw(p.uid);
  await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: amount }] });
  return p;
}

type Tx = {
  id: string;
  status: string;
  can_cancel: boolean;
  tracker: {
    requested_at: number;
    approved_at: number | null;
    sent_at: number | null;
    paid_at: number | null;
    hold: string | null;
    waiting: string | null;
    next_at: number | null;
    expected_paid_at: number | null;
  };
};

const withdraw = (p: Player, amount = 5000) =>
  data<Tx>(p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount, requisites: CARD, idempotency_key: newKey() }));

/** The withdrawal as the history answers it (after the cashier's own reconciliation at the real time). */
const seen = async (p: Player, id: string): Promise<Tx> =>
  (await data<{ items: Tx[] }>(p.browser.get("cashier/gethistory", { type: "withdrawal" }))).items.find((t) => t.id === id)!;

/** The cashier's reconciliation as if it ran at `at` (a read or the clock then). */
const at = (p: Player, when: number) => reconcilePlayer({ db: playerDb(p.uid), env, waitUntil: () => {} }, p.uid, when);

const approval = (id: string) => env.DB.prepare("SELECT uid, method, hold, requested_at, approved_at FROM withdrawal_approvals WHERE id = ?1").bind(id).first();

describe("a withdrawal's stages", () => {
  it("waits for the checks, is approved, sent and paid, each at its own time, and is not cancelled once sent", async () => {
    const p = await funded(20000);
    const tx = await withdraw(p);
    const t0 = tx.tracker.requested_at;
    expect(tx.can_cancel).toBe(true);
    expect(tx.tracker).toEqual({
      requested_at: t0,
      approved_at: null,
      sent_at: null,
      paid_at: null,
      hold: null,
      waiting: "checks",
      next_at: t0 + CHECKS_MS,
      expected_paid_at: t0 + PAYOUT_DELAY_MS,
    });
    // A read before the checks end changes nothing.
    await at(p, t0 + CHECKS_MS - 1);
    expect((await seen(p, tx.id)).tracker.approved_at).toBeNull();
    expect(await approval(tx.id)).toBeNull();

    // Noticed later, the approval still took place when the checks ended, and the site records it.
    await at(p, t0 + CHECKS_MS + 5 * MIN);
    const approved = await seen(p, tx.id);
    expect(approved.tracker).toMatchObject({ approved_at: t0 + CHECKS_MS, waiting: "sending", next_at: t0 + CHECKS_MS + SEND_MS });
    expect(approved.can_cancel).toBe(true);
    expect(await approval(tx.id)).toEqual({ uid: p.uid, method: "demo_card", hold: null, requested_at: t0, approved_at: t0 + CHECKS_MS });

    await at(p, t0 + CHECKS_MS + SEND_MS);
    const sent = await seen(p, tx.id);
    expect(sent).toMatchObject({ status: "pending", can_cancel: false });
    expect(sent.tracker).toMatchObject({ sent_at: t0 + CHECKS_MS + SEND_MS, waiting: "paying", next_at: t0 + PAYOUT_DELAY_MS });
    // Sent to the payment system, it is on its way: cancelling is refused and refunds nothing.
    const refused = await failure(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }), 402, "WithdrawalDeclinedException");
    expect(refused.message).toMatch(/cannot be cancelled/);
    expect((await seen(p, tx.id)).status).toBe("pending");

    await at(p, t0 + PAYOUT_DELAY_MS);
    const paid = await seen(p, tx.id);
    expect(paid.status).toBe("success");
    expect(paid.tracker).toEqual({
      requested_at: t0,
      approved_at: t0 + CHECKS_MS,
      sent_at: t0 + CHECKS_MS + SEND_MS,
      paid_at: t0 + CHECKS_MS + SEND_MS + PSP_MS,
      hold: null,
      waiting: null,
      next_at: null,
      expected_paid_at: t0 + PAYOUT_DELAY_MS,
    });
  });

  it("tells a player who took the withdrawals topic, by web push, when it is paid: once", async () => {
    const p = await funded(20000);
    await data(p.browser.post("push/subscribeDemo", { topics: "withdrawals" }));
    const tx = await withdraw(p, 12300);
    await at(p, tx.tracker.requested_at + PAYOUT_DELAY_MS);
    // Read again later: paid already, nothing owed twice.
    await at(p, tx.tracker.requested_at + PAYOUT_DELAY_MS + 60_000);
    // Owed at the payment's time (a day from now in this test's clock): delivered by the object's alarm once due.
    const owed = playerDb(p.uid).prepare("SELECT key, next_at FROM player_outbox WHERE kind = 'push.send'");
    expect((await owed.all()).results).toEqual([{ key: `push:withdrawal-paid:${tx.id}`, next_at: tx.tracker.requested_at + PAYOUT_DELAY_MS }]);
    await playerDb(p.uid).prepare("UPDATE player_outbox SET next_at = ?1 WHERE kind = 'push.send'").bind(Date.now()).run();
    await runDurableObjectAlarm(env.PLAYER.get(env.PLAYER.idFromName(String(p.uid))));
    const inbox = await relayInbox(env, { uid: p.uid });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ title: "Your withdrawal is paid", body: "$123 was sent to you.", url: `/cashier/receipt?transaction=${tx.id}` });
  });

  it("takes every stage due at once when nobody looked for a day", async () => {
    const p = await funded(20000);
    const tx = await withdraw(p);
    await at(p, tx.tracker.requested_at + 2 * PAYOUT_DELAY_MS);
    expect((await seen(p, tx.id)).tracker).toMatchObject({ paid_at: tx.tracker.requested_at + PAYOUT_DELAY_MS, waiting: null });
    expect(await approval(tx.id)).toMatchObject({ approved_at: tx.tracker.requested_at + CHECKS_MS });
  });

  it("holds a large amount for the payments team's review", async () => {
    const p = await funded(REVIEW_AMOUNT + 10000);
    const tx = await withdraw(p, REVIEW_AMOUNT);
    const t0 = tx.tracker.requested_at;
    expect(tx.tracker).toMatchObject({ hold: "review", waiting: "review", next_at: t0 + REVIEW_MS, expected_paid_at: t0 + REVIEW_MS + SEND_MS + PSP_MS });
    await at(p, t0 + REVIEW_MS - 1);
    expect((await seen(p, tx.id)).tracker.waiting).toBe("review");
    await at(p, t0 + REVIEW_MS);
    expect((await seen(p, tx.id)).tracker).toMatchObject({ approved_at: t0 + REVIEW_MS, hold: "review", waiting: "sending" });
    expect(await approval(tx.id)).toMatchObject({ hold: "review", approved_at: t0 + REVIEW_MS });
  });

  it("holds a withdrawal after a bonus was completed for the bonus check", async () => {
    const p = await funded(20000);
    await playerDb(p.uid)
      .prepare(
        `INSERT INTO player_bonuses (id, uid, template_id, type, status, currency, amount, wager_required, wagered, grant_key, created_at, available_until, finished_at)
         VALUES (lower(hex(randomblob(16))), ?1, 1, 'casino', 'wagered', 'USD', 1000, 0, 0, 'test:done', ?2, ?2, ?2)`,
      )
      .bind(p.uid, Date.now() - 60 * MIN)
      .run();
    const tx = await withdraw(p);
    const t0 = tx.tracker.requested_at;
    expect(tx.tracker).toMatchObject({ hold: "bonus", waiting: "bonus", next_at: t0 + BONUS_CHECK_MS });
    await at(p, t0 + BONUS_CHECK_MS);
    expect((await seen(p, tx.id)).tracker).toMatchObject({ approved_at: t0 + BONUS_CHECK_MS, waiting: "sending" });
  });

  it("waits for an identity under review, asking again, and is approved once it is verified", async () => {
    const p = await funded(20000);
    await env.DB.prepare("UPDATE users SET is_on_verification = 1 WHERE uid = ?1").bind(p.uid).run();
    const tx = await withdraw(p);
    const t0 = tx.tracker.requested_at;
    expect(tx.tracker).toMatchObject({ hold: "verification", waiting: "verification", next_at: null, expected_paid_at: null });
    // Not verified yet: it waits on, and asks again later.
    await at(p, t0 + VERIFY_POLL_MS);
    expect((await seen(p, tx.id)).tracker).toMatchObject({ waiting: "verification", approved_at: null });
    await env.DB.prepare("UPDATE users SET is_on_verification = 0, is_verified = 1 WHERE uid = ?1").bind(p.uid).run();
    // Asked again within the poll: the verification is noticed, and the approval follows at that time.
    const noticed = t0 + 2 * VERIFY_POLL_MS;
    await at(p, noticed);
    const approved = await seen(p, tx.id);
    expect(approved.tracker).toMatchObject({ approved_at: noticed, hold: "verification", waiting: "sending", expected_paid_at: noticed + SEND_MS + PSP_MS });
    expect(await approval(tx.id)).toMatchObject({ hold: "verification", requested_at: t0, approved_at: noticed });
  });

  it("is moved on by the player's clock without a cashier read, at the stage's time", async () => {
    const p = await funded(20000);
    const tx = await withdraw(p);
    const t0 = tx.tracker.requested_at;
    const due = await env.DB.prepare("SELECT due_at FROM player_clocks WHERE uid = ?1").bind(p.uid).first<number>("due_at");
    expect(due).toBeLessThanOrEqual(t0 + CHECKS_MS);
    const report = await runPlayerClocks({ db: env.DB, env, waitUntil: () => {} }, t0 + CHECKS_MS);
    expect(report.failed).toBe(0);
    const row = await playerDb(p.uid).prepare("SELECT approved_at FROM cashier_transactions WHERE id = ?1").bind(tx.id).first<number>("approved_at");
    expect(row).toBe(t0 + CHECKS_MS);
    expect(await approval(tx.id)).toMatchObject({ approved_at: t0 + CHECKS_MS });
  });
});

describe("the published approval times", () => {
  /** The nearest-rank percentile, written here apart from the platform's SQL. */
  const percentile = (sorted: number[], p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1]!;

  it("are the median and 95th percentile of every approval of the last 7 days, from D1's record", async () => {
    const now = Date.now();
    const insert = env.DB.prepare(
      "INSERT INTO withdrawal_approvals (id, uid, method, hold, requested_at, approved_at) VALUES (?1, NULL, 'demo_card', NULL, ?2, ?3)",
    );
    // 21 approvals in the window (1…21 minutes), and older ones, which do not count.
    await env.DB.batch([
      ...Array.from({ length: 21 }, (_, i) => insert.bind(`test-recent-${i}-${now}`, now - 3 * 86400_000, now - 3 * 86400_000 + (i + 1) * MIN)),
      ...Array.from({ length: 5 }, (_, i) => insert.bind(`test-old-${i}-${now}`, now - 9 * 86400_000, now - 9 * 86400_000 + 600 * MIN)),
    ]);
    const p = await funded(1000);
    const times = (
      await data<{ payout_times: { days: number; count: number; median_ms: number; p95_ms: number } }>(p.browser.get("cashier/getwithdrawsettings"))
    ).payout_times;
    // Every approval of the 7 days before the call (the other tests' approvals, made at later times, are not yet).
    const until = Date.now();
    const { results } = await env.DB.prepare(
      "SELECT approved_at - requested_at AS ms FROM withdrawal_approvals WHERE approved_at > ?1 AND approved_at <= ?2 ORDER BY ms",
    )
      .bind(until - 7 * 86400_000, until)
      .all<{ ms: number }>();
    const sorted = results.map((r) => r.ms);
    expect(sorted.length).toBeGreaterThanOrEqual(21);
    expect(times).toEqual({ days: 7, count: sorted.length, median_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95) });
    expect(sorted).not.toContain(600 * MIN);
  });
});
