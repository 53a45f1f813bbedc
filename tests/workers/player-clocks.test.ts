import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY_MS, lastClosedWeek, weekOf } from "../../workers/platform/cashback/compute";
import { RETRY_AFTER_MS, runPlayerClocks } from "../../workers/platform/player/clock-run";
import { markCashbackCounted, recordClockDue } from "../../workers/platform/player/clocks";
import { playerD1 } from "../../workers/platform/player/remote-d1";
import { applyOperation } from "../../workers/platform/wallet/wallet";

/**
 * The players' clocks (decision 0075, slice 3): a player's object works out when something of
 * theirs is next due — from its own rows — and tells D1's `player_clocks` (migration 0058), which
 * the minute cron reads to run the clocks of the players due at its time (player/clock-run.ts).
 * These tests write the rows in the object directly (`playerD1`), whatever has moved so far.
 */

const clockOf = (uid: number) =>
  env.DB.prepare("SELECT due_at, version FROM player_clocks WHERE uid = ?1").bind(uid).first<{ due_at: number | null; version: number }>();

/** A VPN subscription in the player's object, ending at `endsAt`. */
const subscribe = (db: D1Database, uid: number, endsAt: number, warnedFor: number | null = null) =>
  db
    .prepare(
      `INSERT INTO vpn_subscriptions (uid, plan_id, status, started_at, ends_at, auto_renewal, access_key, warned_for, updated_at)
       VALUES (?1, 1, 'active', ?2, ?3, 0, 'key', ?4, ?2) ON CONFLICT (uid) DO UPDATE SET status = 'active', ends_at = ?3, warned_for = ?4`,
    )
    .bind(uid, Date.now(), endsAt, warnedFor)
    .run();

/**
 * A player with nothing of theirs yet (a registration's welcome grants would be due too, once in
 * the objects): their object's answers are this test's own.
 */
async function barePlayer(): Promise<{ uid: number }> {
  const login = `clock${crypto.randomUUID().slice(0, 12)}`;
  await env.DB.prepare("INSERT INTO users (login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, ?2, 'en', 'USD')")
    .bind(login, Date.now())
    .run();
  return { uid: (await env.DB.prepare("SELECT uid FROM users WHERE login = ?1").bind(login).first<number>("uid"))! };
}

describe("the players' clocks", () => {
  it("each object tells D1 when its player is next due, changes it when its rows do, and says 'never' when nothing is left", async () => {
    const { uid } = await barePlayer();
    const db = playerD1(env, uid);
    const ends = Date.now() + 10 * DAY_MS;
    await subscribe(db, uid, ends);
    // The warning a day before the end comes first.
    expect(await clockOf(uid)).toMatchObject({ due_at: ends - DAY_MS });
    const first = (await clockOf(uid))!.version;

    // Warned: the end is next.
    await db.prepare("UPDATE vpn_subscriptions SET warned_for = ends_at WHERE uid = ?1").bind(uid).run();
    const second = (await clockOf(uid))!;
    expect(second.due_at).toBe(ends);
    expect(second.version).toBeGreaterThan(first);

    // A write that moves no time changes nothing in D1.
    await db.prepare("UPDATE vpn_subscriptions SET access_key = 'other' WHERE uid = ?1").bind(uid).run();
    expect(await clockOf(uid)).toEqual(second);

    // An open deposit to ask about sooner wins; once settled, the subscription's end again; ended, never.
    const id = crypto.randomUUID().replaceAll("-", "");
    const now = Date.now();
    await db
      .prepare(
        `INSERT INTO cashier_transactions (id, uid, type, status, amount, currency, method, flow, locale, idempotency_key, settle_at, created_at, updated_at)
         VALUES (?1, ?2, 'deposit', 'pending', 100, 'USD', 'card', 'redirect', 'en', ?1, ?3, ?3, ?3)`,
      )
      .bind(id, uid, now + 5_000)
      .run();
    expect((await clockOf(uid))!.due_at).toBe(now + 5_000);
    await db.prepare("UPDATE cashier_transactions SET status = 'success' WHERE id = ?1").bind(id).run();
    expect((await clockOf(uid))!.due_at).toBe(ends);
    await db.prepare("UPDATE vpn_subscriptions SET status = 'ended' WHERE uid = ?1").bind(uid).run();
    expect((await clockOf(uid))!.due_at).toBeNull();
  });

  it("keeps the newest answer: a late delivery of an older one changes nothing", async () => {
    const { uid } = await barePlayer();
    await recordClockDue(env, uid, { due_at: 2_000, version: 7 });
    await recordClockDue(env, uid, { due_at: 1_000, version: 6 });
    expect(await clockOf(uid)).toEqual({ due_at: 2_000, version: 7 });
    await recordClockDue(env, uid, { due_at: null, version: 8 });
    expect(await clockOf(uid)).toEqual({ due_at: null, version: 8 });
    await expect(recordClockDue(env, uid, { due_at: "soon", version: 9 })).rejects.toThrow(/not a due time/);
  });

  it("makes play due for cashback at the end of its week, and not again once the week is counted", async () => {
    const { uid } = await barePlayer();
    const db = playerD1(env, uid);
    await applyOperation(db, { uid, key: "clock-deposit", type: "deposit", reference: "d", changes: [{ kind: "main", delta: 1_000 }] });
    // A deposit is not play: nothing to count.
    expect((await clockOf(uid))?.due_at ?? null).toBeNull();
    await applyOperation(db, { uid, key: "clock-bet", type: "bet", reference: "b", changes: [{ kind: "main", delta: -100 }] });
    const week = weekOf(Date.now());
    expect((await clockOf(uid))!.due_at).toBe(week.end);
    await markCashbackCounted(db, week.end).run();
    expect((await clockOf(uid))!.due_at).toBeNull();
  });

  it("the cron runs the clocks of the players due at its time only, and each one's answer moves on", async () => {
    const due = await barePlayer();
    const later = await barePlayer();
    const at = Date.now() + 30 * DAY_MS;
    await recordClockDue(env, due.uid, { due_at: at - 1, version: 0 });
    await recordClockDue(env, later.uid, { due_at: at + 60_000, version: 0 });
    const deps = { db: env.DB, env, waitUntil: () => {} };
    const report = await runPlayerClocks(deps, at);
    expect(report.failed).toBe(0);
    const marks = (uid: number) => playerD1(env, uid).prepare("SELECT through FROM player_clock_marks WHERE clock = 'cashback'").first<number>("through");
    // The due player's clocks ran at the cron's time (their cashback counted to the week before it) …
    expect(await marks(due.uid)).toBe(lastClosedWeek(at).end);
    // … and the run left their object's own answer in D1 in place of the test's stand-in.
    expect((await clockOf(due.uid))!.version).toBeGreaterThan(0);
    expect((await clockOf(later.uid))!.version).toBe(0);
    expect(await marks(later.uid)).toBeNull();
  });

  it("asks a player whose clocks failed again five minutes on, not at every run", async () => {
    const { uid } = await barePlayer();
    const at = Date.now() + 40 * DAY_MS;
    await recordClockDue(env, uid, { due_at: at - 1, version: 0 });
    // Their object cannot be reached: every call of their clocks fails.
    const unreachable = {
      ...env,
      PLAYER: {
        idFromName: env.PLAYER.idFromName.bind(env.PLAYER),
        get: () => {
          throw new Error("unreachable");
        },
      },
    } as unknown as Env;
    const report = await runPlayerClocks({ db: env.DB, env: unreachable, waitUntil: () => {} }, at);
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect((await clockOf(uid))!.due_at).toBe(at + RETRY_AFTER_MS);
    // The next minute's run does not pick them.
    const due = await env.DB.prepare("SELECT COUNT(*) AS n FROM player_clocks WHERE uid = ?1 AND due_at <= ?2")
      .bind(uid, at + 60_000)
      .first<number>("n");
    expect(due).toBe(0);
  });
});
