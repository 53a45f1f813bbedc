import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { INBOX_GRACE_MS, inboxEntry } from "../../workers/platform/player/inbox";
import { registerPlayer } from "./auth-helpers";
import { playerDb } from "./player-db";

/**
 * The player inbox (decision 0075): what a D1 batch owes a player's own tables is a row of that
 * batch, delivered by the Worker right after it and by the minute cron when the Worker died
 * first. First debt: a new account's welcome bonuses and free-spin packs.
 */

async function tick(scheduledTime: number): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The player's registration grants: bonuses (with their `granted` events) and packs. */
async function welcome(uid: number) {
  const db = playerDb(uid);
  const bonuses = await db
    .prepare("SELECT grant_key, amount, currency FROM player_bonuses WHERE uid = ?1 AND grant_key LIKE 'registration:%' ORDER BY grant_key")
    .bind(uid)
    .all<{ grant_key: string; amount: number; currency: string }>();
  const events = await db
    .prepare("SELECT COUNT(*) AS n FROM bonus_events e JOIN player_bonuses b ON b.id = e.bonus_id WHERE b.uid = ?1 AND e.event = 'granted'")
    .bind(uid)
    .first<number>("n");
  const packs = await db
    .prepare("SELECT grant_key, sysname, count FROM freespin_packs WHERE uid = ?1 AND grant_key LIKE 'registration:%'")
    .bind(uid)
    .all<{ grant_key: string; sysname: string; count: number }>();
  return { bonuses: bonuses.results, events, packs: packs.results };
}

const owed = (uid: number) => env.DB.prepare("SELECT key, attempts, next_at, error FROM player_inbox WHERE uid = ?1").bind(uid).all();

/** An account as registration's batch leaves it when the Worker dies before delivering: the row and its debt. */
async function accountWhoseWorkerDied(now: number): Promise<number> {
  const login = `inbox${crypto.randomUUID().slice(0, 12)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, ?2, 'en', 'EUR')").bind(login, now),
    inboxEntry(env.DB, { login }, { key: `registration:login:${login}`, kind: "grants.registration", body: { now } }, now),
  ]);
  return (await env.DB.prepare("SELECT uid FROM users WHERE login = ?1").bind(login).first<number>("uid"))!;
}

describe("the player inbox", () => {
  it("delivers a new account's welcome grants with the registration, and nothing stays owed", async () => {
    const p = await registerPlayer();
    const got = await welcome(p.uid);
    expect(got.bonuses.map((b) => b.grant_key)).toEqual(["registration:free-bet", "registration:no-deposit"]);
    expect(got.bonuses.every((b) => b.currency === "USD")).toBe(true);
    expect(got.events).toBe(2);
    expect(got.packs).toEqual([{ grant_key: "registration:welcome-spins", sysname: "fortune_panda", count: 20 }]);
    expect((await owed(p.uid)).results).toEqual([]);
  });

  it("keeps what a Worker that died after the account's batch owed, and the cron delivers it once, after the Worker's grace", async () => {
    const now = Date.now();
    const uid = await accountWhoseWorkerDied(now);
    expect((await welcome(uid)).bonuses).toEqual([]);

    // Within the grace the Worker that wrote it may still be delivering: the cron leaves it.
    await tick(now + INBOX_GRACE_MS - 1);
    expect((await owed(uid)).results).toHaveLength(1);

    await tick(now + INBOX_GRACE_MS);
    const got = await welcome(uid);
    expect(got.bonuses.map((b) => [b.grant_key, b.amount, b.currency])).toEqual([
      ["registration:free-bet", 500, "EUR"],
      ["registration:no-deposit", 1000, "EUR"],
    ]);
    expect(got.packs).toHaveLength(1);
    expect((await owed(uid)).results).toEqual([]);

    // Delivered twice (a delivery that died before deleting its row): the same grants, once.
    await env.DB.prepare("INSERT INTO player_inbox (uid, key, kind, body, created_at, next_at) VALUES (?1, 'again', 'grants.registration', ?2, ?3, ?3)")
      .bind(uid, JSON.stringify({ now }), now)
      .run();
    await tick(now + INBOX_GRACE_MS + 1);
    expect(await welcome(uid)).toEqual(got);
  });

  it("keeps a delivery that fails, with its error, and tries it again after a pause", async () => {
    const now = Date.now();
    const uid = await accountWhoseWorkerDied(now);
    // A body the receiver cannot use: its grants fail.
    await env.DB.prepare("UPDATE player_inbox SET body = '{}' WHERE uid = ?1").bind(uid).run();
    await tick(now + INBOX_GRACE_MS);
    const [row] = (await owed(uid)).results as { attempts: number; next_at: number; error: string }[];
    expect(row).toMatchObject({ attempts: 1, next_at: now + INBOX_GRACE_MS + 1000 });
    expect(row!.error).toBeTruthy();
    expect((await welcome(uid)).bonuses).toEqual([]);

    await env.DB.prepare("UPDATE player_inbox SET body = ?2 WHERE uid = ?1").bind(uid, JSON.stringify({ now })).run();
    await tick(now + INBOX_GRACE_MS + 999);
    expect((await owed(uid)).results).toHaveLength(1);
    await tick(now + INBOX_GRACE_MS + 1000);
    expect((await owed(uid)).results).toEqual([]);
    expect((await welcome(uid)).bonuses).toHaveLength(2);
  });

  it("pays a reward D1's side owes once by its key, however many times it is delivered (a tournament place)", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    const key = `tournament:inbox-test:${p.uid}`;
    const debt = {
      reward: { type: "money", amount: 1_234 },
      key,
      wallet: { type: "tournament_prize", reference: "inbox-test" },
      ledger: { reason: "tournament", ref: key },
      now,
    };
    const main = () => playerDb(p.uid).prepare("SELECT amount FROM balances WHERE uid = ?1 AND kind = 'main'").bind(p.uid).first<number>("amount");
    const before = (await main()) ?? 0;
    for (const copy of ["first", "again"]) {
      await env.DB.prepare("INSERT INTO player_inbox (uid, key, kind, body, created_at, next_at) VALUES (?1, ?2, 'rewards.pay', ?3, ?4, ?4)")
        .bind(p.uid, `${key}:${copy}`, JSON.stringify(debt), now)
        .run();
      await tick(now + 1);
      expect((await owed(p.uid)).results).toEqual([]);
      expect(await main()).toBe(before + 1_234);
    }
    // A debt without its reward is kept with its error, never paid by guess.
    await env.DB.prepare("INSERT INTO player_inbox (uid, key, kind, body, created_at, next_at) VALUES (?1, ?2, 'rewards.pay', '{}', ?3, ?3)")
      .bind(p.uid, `${key}:broken`, now)
      .run();
    await tick(now + 1);
    expect((await owed(p.uid)).results).toMatchObject([{ attempts: 1, error: expect.stringMatching(/no reward/) }]);
  });
});
