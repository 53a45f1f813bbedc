import { expect } from "vitest";
import { playerDb } from "./player-db";

/**
 * The bonus engine's books for one player (decision 0039), as bonus-property.test.ts checks them
 * after every step: each must hold whatever sequence of deposits, activations, exits, rounds,
 * cron sweeps and withdrawals came before.
 */

/** The rows of a statement on player `uid`'s tables, `?1` bound to `uid`. */
const all = async <T>(uid: number, sql: string) => (await playerDb(uid).prepare(sql).bind(uid).all<T>()).results;

export interface Snapshot {
  main: number;
  bonus: number;
  rounds: number;
}

export async function snapshot(uid: number): Promise<Snapshot> {
  const row = await playerDb(uid)
    .prepare(
      `SELECT COALESCE((SELECT amount FROM balances WHERE uid = ?1 AND kind = 'main'), 0) AS main,
       COALESCE((SELECT amount FROM balances WHERE uid = ?1 AND kind = 'bonus'), 0) AS bonus,
       (SELECT COUNT(*) FROM game_rounds WHERE uid = ?1) AS rounds`,
    )
    .bind(uid)
    .first<Snapshot>();
  return row!;
}

/** Every balance is the sum of its ledger rows, and none is below zero. */
async function balancesAreTheirLedgers(uid: number): Promise<void> {
  const balances = await all<{ kind: string; amount: number }>(uid, "SELECT kind, amount FROM balances WHERE uid = ?1");
  const sums = await all<{ kind: string; s: number }>(uid, "SELECT kind, SUM(delta) AS s FROM ledger WHERE uid = ?1 GROUP BY kind");
  const ledger = Object.fromEntries(sums.map((r) => [r.kind, r.s]));
  for (const b of balances) {
    expect(b.amount, `balance ${b.kind}`).toBeGreaterThanOrEqual(0);
    expect(ledger[b.kind] ?? 0, `Σ ledger of ${b.kind}`).toBe(b.amount);
  }
  for (const kind of Object.keys(ledger))
    expect(
      balances.map((b) => b.kind),
      `a balance for the ledger of ${kind}`,
    ).toContain(kind);
}

/** wagered ≤ wager_required and Σ bonus_wagering.counted = wagered, for every bonus; one active bonus per type. */
async function wageringIsItsLedger(uid: number): Promise<void> {
  const bonuses = await all<{ id: string; type: string; status: string; wagered: number; wager_required: number; counted: number }>(
    uid,
    `SELECT b.id, b.type, b.status, b.wagered, b.wager_required,
       (SELECT COALESCE(SUM(counted), 0) FROM bonus_wagering w WHERE w.bonus_id = b.id) AS counted
     FROM player_bonuses b WHERE b.uid = ?1`,
  );
  for (const b of bonuses) {
    expect(b.wagered, `wagered of ${b.id}`).toBeLessThanOrEqual(b.wager_required);
    expect(b.counted, `Σ counted of ${b.id}`).toBe(b.wagered);
  }
  for (const type of ["casino", "betting"]) {
    expect(bonuses.filter((b) => b.type === type && b.status === "active").length, `active ${type} bonuses`).toBeLessThanOrEqual(1);
  }
  // Bonus money belongs to an active bonus: with none active the bonus balance is empty.
  const { bonus } = await snapshot(uid);
  if (!bonuses.some((b) => b.type === "casino" && b.status === "active")) expect(bonus, "bonus balance without an active bonus").toBe(0);
}

interface EventMoney {
  bonus_id: string;
  event: string;
  amount: number;
  operation_id: string | null;
  op: string | null;
  main: number;
  bonus: number;
}

/**
 * Every bonus event that moved money has its wallet operation (keyed by the bonus and the event)
 * moving exactly that money, and every bonus wallet operation has its event: activated credits the
 * bonus balance by its amount; wagered pays its amount to the main balance; cancelled and expired
 * remove their amount from the bonus balance; an event of no money has no operation.
 */
async function eventsMatchOperations(uid: number): Promise<void> {
  const events = await all<EventMoney>(
    uid,
    `SELECT e.bonus_id, e.event, e.amount, e.operation_id, o.id AS op,
       (SELECT COALESCE(SUM(delta), 0) FROM ledger l WHERE l.operation_id = o.id AND l.kind = 'main') AS main,
       (SELECT COALESCE(SUM(delta), 0) FROM ledger l WHERE l.operation_id = o.id AND l.kind IN ('bonus', 'betting_bonus')) AS bonus
     FROM bonus_events e LEFT JOIN wallet_operations o ON o.uid = e.uid
       AND o.key = CASE e.event WHEN 'activated' THEN 'bonus-activate:' ELSE 'bonus-' || e.event || ':' END || e.bonus_id
     WHERE e.uid = ?1 AND e.event IN ('activated', 'wagered', 'cancelled', 'expired', 'closed')`,
  );
  for (const e of events) {
    const what = `${e.event} of ${e.bonus_id} (${e.amount})`;
    if (e.event === "activated") {
      expect(e.amount, what).toBeGreaterThan(0);
      expect([e.op, e.operation_id, e.bonus, e.main], what).toEqual([expect.any(String), e.op, e.amount, 0]);
    } else if (e.event === "wagered") {
      expect(e.amount, what).toBeGreaterThanOrEqual(0);
      if (e.amount === 0) expect(e.op, what).toBeNull();
      else expect([e.main, e.bonus <= -e.amount], what).toEqual([e.amount, true]);
    } else {
      expect(e.amount, what).toBeLessThanOrEqual(0);
      if (e.amount === 0) expect(e.op, what).toBeNull();
      else expect([e.op !== null, e.bonus, e.main], what).toEqual([true, e.amount, 0]);
    }
  }
  const operations = await all<{ key: string }>(uid, "SELECT key FROM wallet_operations WHERE uid = ?1 AND type = 'bonus'");
  const moved = events.filter((e) => e.op !== null).map((e) => `${e.event === "activated" ? "activate" : e.event}:${e.bonus_id}`);
  expect(operations.map((o) => o.key.replace(/^bonus-/, "")).sort(), "bonus wallet operations ↔ events").toEqual(moved.sort());
}

/** Money in one currency: every real balance, ledger row and active bonus in the account's currency. */
async function oneCurrency(uid: number): Promise<void> {
  const other = await playerDb(uid)
    .prepare(
      `SELECT (SELECT COUNT(*) FROM balances WHERE uid = ?1 AND kind <> 'fun' AND currency <> u.currency)
       + (SELECT COUNT(*) FROM ledger WHERE uid = ?1 AND kind <> 'fun' AND currency <> u.currency)
       + (SELECT COUNT(*) FROM player_bonuses WHERE uid = ?1 AND status = 'active' AND currency <> u.currency) AS n
     FROM users u WHERE u.uid = ?1`,
    )
    .bind(uid)
    .first<number>("n");
  expect(other, "money in another currency than the account's").toBe(0);
}

export async function checkBooks(uid: number): Promise<void> {
  await balancesAreTheirLedgers(uid);
  await oneCurrency(uid);
  await wageringIsItsLedger(uid);
  await eventsMatchOperations(uid);
}
