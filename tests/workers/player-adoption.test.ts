import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { playerRowsSql, readPlayerRows, tablesToAdopt } from "../../workers/platform/player/adoption";
import { playerD1 } from "../../workers/platform/player/remote-d1";
import { uncheckedD1 } from "../../workers/platform/player/split-check";
import { FIRST_SLICE, isMovedTable, PLAYER_TABLES, type PlayerTable } from "../../workers/platform/player/tables";
import { unwrap } from "../../workers/platform/player/wire";
import { applyOperation } from "../../workers/platform/wallet/wallet";

/**
 * The move of a live site's rows (decision 0075, player/adoption.ts): a player's object takes
 * their rows of the moved tables from D1 on its first call after the deploy, once, keeping what
 * it wrote itself since.
 */

/** A player D1 knows whose object has never been used. */
async function barePlayer(): Promise<number> {
  const login = `adopt${crypto.randomUUID().slice(0, 12)}`;
  await env.DB.prepare("INSERT INTO users (login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, ?2, 'en', 'USD')")
    .bind(login, Date.now())
    .run();
  return (await env.DB.prepare("SELECT uid FROM users WHERE login = ?1").bind(login).first<number>("uid"))!;
}

describe("the move of a player's rows into their object", () => {
  it("reads every player table's rows of one player from D1 (each table's SQL is valid), and adopts the moved ones but the first slice's", async () => {
    const uid = await barePlayer();
    // Every table D1 still holds (the first slice's were dropped: migration 0050).
    const inD1 = PLAYER_TABLES.filter((t) => !(FIRST_SLICE as readonly string[]).includes(t));
    const rows = await readPlayerRows(env.DB, uid, inD1);
    expect(rows.map((r) => r.table)).toEqual(inD1);
    expect(playerRowsSql("sport_bet_legs")).toMatch(/bet_id IN \(SELECT id FROM sport_bets WHERE uid = \?1\)/);
    // In PLAYER_TABLES' order (a table after those it references), none taken twice; the first
    // slice's tables were dropped from D1 when they moved (migration 0050).
    const first = new Set<string>(FIRST_SLICE);
    expect(tablesToAdopt([])).toEqual(PLAYER_TABLES.filter((t) => isMovedTable(t) && !first.has(t)));
    expect(tablesToAdopt(PLAYER_TABLES)).toEqual([]);
  });

  it("copies a player's money from D1 into their object, all of it, once, keeping what the object wrote since", async () => {
    const uid = await barePlayer();
    // What a live site's D1 holds before the deploy (written past the tests' check of moved tables).
    const d1 = uncheckedD1(env.DB);
    await applyOperation(d1, { uid, key: "adopt-one", type: "deposit", changes: [{ kind: "main", delta: 5_000 }] });
    await applyOperation(d1, { uid, key: "adopt-two", type: "bet", changes: [{ kind: "main", delta: -1_250 }] });
    const stub = env.PLAYER.get(env.PLAYER.idFromName(String(uid)));
    const money = ["balances", "wallet_operations", "ledger"] as PlayerTable[];
    expect(unwrap(await stub.adoptRows(uid, money))).toBeGreaterThan(0);

    const object = playerD1(env, uid);
    const sums = () =>
      object
        .prepare(
          `SELECT (SELECT amount FROM balances WHERE uid = ?1 AND kind = 'main') AS balance,
             (SELECT SUM(delta) FROM ledger WHERE uid = ?1 AND kind = 'main') AS ledger,
             (SELECT COUNT(*) FROM wallet_operations WHERE uid = ?1) AS operations`,
        )
        .bind(uid)
        .first();
    expect(await sums()).toEqual({ balance: 3_750, ledger: 3_750, operations: 2 });
    // The same key again is the same operation: the copy holds the keys.
    expect((await applyOperation(object, { uid, key: "adopt-one", type: "deposit", changes: [{ kind: "main", delta: 5_000 }] })).replayed).toBe(true);

    // Played in the object since; taken again: nothing doubles, nothing of the object's is lost.
    await applyOperation(object, { uid, key: "adopt-three", type: "bet", changes: [{ kind: "main", delta: -750 }] });
    expect(unwrap(await stub.adoptRows(uid, money))).toBe(0);
    expect(await sums()).toEqual({ balance: 3_000, ledger: 3_000, operations: 3 });
    // Only player tables, and only for a player D1 knows.
    expect((await stub.adoptRows(uid, ["sessions" as PlayerTable])).ok).toBe(false);
  });
});
