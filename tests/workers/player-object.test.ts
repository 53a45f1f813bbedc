import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../core/api/errors";
import { PLAYER_SCHEMA, PLAYER_SCHEMA_VERSION } from "../../workers/platform/player/schema.generated";
import { outboxEntry } from "../../workers/platform/player/outbox";
import { adoptPlayer, playerD1 } from "../../workers/platform/player/remote-d1";
import { routedD1 } from "../../workers/platform/player/routed-d1";
import { registerPlayer } from "./auth-helpers";
import { data } from "./helpers";
import { PLAYER_TABLES } from "../../workers/platform/player/tables";
import { OLDER_SCHEMA } from "../../workers/platform/player/schema-before-0075.fixture";
import { applyOperation } from "../../workers/platform/wallet/wallet";

/**
 * The player object (decision 0075): one SQLite-backed Durable Object per player, its schema
 * generated from the migrations, reached through the D1 interface (`playerD1`). The wallet's own
 * module runs on it unchanged, and the rules of DESIGN §7 hold there: a batch is all or nothing,
 * money moves once per key (concurrent repeats included), never below zero, Σ ledger = balance,
 * and what committed survives the object being thrown out of memory.
 */

/**
 * Uids of this file's players: a random block per run, then one after another. (A random offset per
 * player let two tests draw the same uid, about once in ten runs, and share an object: the second
 * then found the first one's money.)
 */
let next = 900_000 + Math.floor(Math.random() * 1_000) * 1_000;
/** A fresh player's object, with the mirrored `users` row the wallet's statements read. */
async function freshPlayer(currency = "USD") {
  const uid = ++next;
  const stub = env.PLAYER.get(env.PLAYER.idFromName(String(uid)));
  await adoptPlayer(env, { uid, currency, country_code: "DE", created_at: 1, character_id: null, locale: "en" });
  return { uid, stub, db: playerD1(env, uid) };
}

const money = (db: D1Database, uid: number, key: string, delta: number, type: "deposit" | "bet" | "win" = delta > 0 ? "deposit" : "bet") =>
  applyOperation(db, { uid, key, type, reference: key, changes: [{ kind: "main", delta }] });

async function sums(db: D1Database, uid: number) {
  return db
    .prepare(
      `SELECT (SELECT amount FROM balances WHERE uid = ?1 AND kind = 'main') AS balance,
              (SELECT COALESCE(SUM(delta), 0) FROM ledger WHERE uid = ?1 AND kind = 'main') AS ledger,
              (SELECT COUNT(*) FROM wallet_operations WHERE uid = ?1) AS operations`,
    )
    .bind(uid)
    .first<{ balance: number; ledger: number; operations: number }>();
}

describe("the player object", () => {
  it("is born with the player tables and the replicated configuration, applied once per schema version", async () => {
    const { stub } = await freshPlayer();
    const seen = await runInDurableObject(stub, (_o, state) => ({
      tables: state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((r) => r.name),
      version: state.storage.sql.exec<{ value: string }>("SELECT value FROM _player_meta WHERE key = 'schema'").one().value,
    }));
    expect(seen.tables).toEqual(expect.arrayContaining([...PLAYER_TABLES, "users"]));
    expect(seen.tables.filter((t) => !t.startsWith("_") && !t.startsWith("sqlite_"))).toHaveLength(
      PLAYER_SCHEMA.filter((s) => s.startsWith("CREATE TABLE")).length,
    );
    expect(seen.version).toBe(PLAYER_SCHEMA_VERSION);
  });

  it("rebuilds a table whose definition changed under its rows (migration 0075, decision 0103): every row kept, the new schema exact", async () => {
    const { uid, stub, db } = await freshPlayer();
    // The object as it stood before 0075: the older sports bet tables and their indexes, with a bet.
    await runInDurableObject(stub, (_o, state) => {
      const sql = state.storage.sql;
      for (const t of ["sport_bet_cashouts", "sport_bet_legs", "sport_bets"]) sql.exec(`DROP TABLE ${t}`);
      for (const s of OLDER_SCHEMA) if (/^CREATE (?:TABLE|INDEX) sport_bet/.test(s)) sql.exec(s);
      sql.exec(
        `INSERT INTO sport_bets (id, uid, key, kind, status, currency, stake, odds, funding, placed_at) VALUES ('old-bet', ?, 'old-key', 'accumulator', 'open', 'USD', 700, 462, 'main', 1)`,
        uid,
      );
      sql.exec("INSERT INTO sport_bet_legs (bet_id, selection_id, event_id, odds, position) VALUES ('old-bet', 11, 1, 220, 0), ('old-bet', 12, 2, 210, 1)");
      sql.exec("UPDATE _player_meta SET value = 'before-0075' WHERE key = 'schema'");
    });
    await evictDurableObject(stub);
    // The next call finds the older schema and brings it to the current one before it runs.
    expect(await db.prepare("SELECT open_stake FROM sport_bets WHERE id = 'old-bet'").first("open_stake")).toBe(700);
    const seen = await runInDurableObject(stub, (_o, state) => ({
      version: state.storage.sql.exec<{ value: string }>("SELECT value FROM _player_meta WHERE key = 'schema'").one().value,
      entries: state.storage.sql
        .exec<{ name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE name LIKE 'sport_bet%'")
        .toArray()
        .map((r) => [r.name, r.sql.replace(/\s+/g, " ").replace(/^(CREATE TABLE )"(\w+)"/, "$1$2")]),
      legs: state.storage.sql.exec("SELECT position, selection_id, leg, odds FROM sport_bet_legs ORDER BY position").toArray(),
      broken: state.storage.sql.exec("PRAGMA foreign_key_check").toArray(),
    }));
    expect(seen.version).toBe(PLAYER_SCHEMA_VERSION);
    expect(Object.fromEntries(seen.entries)).toEqual(
      Object.fromEntries(PLAYER_SCHEMA.filter((s) => /^CREATE (?:TABLE|INDEX) sport_bet/.test(s)).map((s) => [/^CREATE \w+ (\w+)/.exec(s)![1], s])),
    );
    expect(seen.legs).toEqual([
      { position: 0, selection_id: 11, leg: null, odds: 220 },
      { position: 1, selection_id: 12, leg: null, odds: 210 },
    ]);
    expect(seen.broken).toEqual([]);
  });

  it("runs the wallet unchanged: once per key, never below zero, Σ ledger = balance", async () => {
    const { uid, db } = await freshPlayer();
    expect((await money(db, uid, "deposit-0001", 5_000)).balances.main).toEqual({ amount: 5_000, currency: "USD" });
    expect((await money(db, uid, "bet-000001", -1_200)).balances.main.amount).toBe(3_800);
    const repeat = await money(db, uid, "deposit-0001", 5_000);
    expect(repeat).toMatchObject({ replayed: true, balances: { main: { amount: 5_000 } } });
    const overdraft = await money(db, uid, "bet-000002", -50_000).catch((e: unknown) => e);
    expect(overdraft).toBeInstanceOf(PlatformError);
    expect(overdraft).toMatchObject({ type: "BillingTransactionDeclinedException", message: "Insufficient funds" });
    // A key reused for another amount is refused, not applied.
    await expect(money(db, uid, "bet-000001", -1)).rejects.toMatchObject({ type: "InvalidParameterException" });
    expect(await sums(db, uid)).toEqual({ balance: 3_800, ledger: 3_800, operations: 2 });
  });

  it("applies one key once when many calls race for it, and serves concurrent keys exactly", async () => {
    const { uid, db } = await freshPlayer();
    await money(db, uid, "deposit-race", 10_000);
    const same = await Promise.all(Array.from({ length: 12 }, () => money(db, uid, "bet-same-key", -700)));
    expect(same.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(same.map((r) => r.operationId)).size).toBe(1);
    // Twenty bets of 600 on 9,300: fifteen fit, five are declined; nothing goes below zero.
    const many = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => money(db, uid, `bet-many-${i}`, -600)));
    expect(many.filter((r) => r.status === "fulfilled")).toHaveLength(15);
    expect(many.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.type)).toEqual(
      Array(5).fill("BillingTransactionDeclinedException"),
    );
    expect(await sums(db, uid)).toEqual({ balance: 300, ledger: 300, operations: 17 });
  });

  it("rolls a whole batch back when one statement fails, and keeps what committed when thrown out of memory", async () => {
    const { uid, stub, db } = await freshPlayer();
    await money(db, uid, "deposit-kept", 2_000);
    const failing = db.batch([
      db.prepare("INSERT INTO reality_checks (uid, minutes, updated_at) VALUES (?1, 30, 1)").bind(uid),
      db.prepare("UPDATE balances SET amount = amount - 5000 WHERE uid = ?1 AND kind = 'main'").bind(uid),
    ]);
    await expect(failing).rejects.toThrow(/balance_not_negative/);
    expect(await db.prepare("SELECT COUNT(*) AS n FROM reality_checks").first("n")).toBe(0);
    await evictDurableObject(stub);
    expect(await sums(db, uid)).toEqual({ balance: 2_000, ledger: 2_000, operations: 1 });
  });

  it("joins a copy of the configuration that follows D1's: a changed template shows on the next call, a product's stock does not count", async () => {
    const { db } = await freshPlayer();
    const read = () => db.prepare("SELECT wager_multiplier FROM bonus_templates ORDER BY id LIMIT 1").first<number>("wager_multiplier");
    const template = await env.DB.prepare("SELECT id, wager_multiplier FROM bonus_templates ORDER BY id LIMIT 1").first<{
      id: number;
      wager_multiplier: number;
    }>();
    expect(await read()).toBe(template!.wager_multiplier);
    const version = () => env.DB.prepare("SELECT version FROM replica_state").first<number>("version");
    const before = await version();
    await env.DB.prepare("UPDATE loyalty_products SET stock = COALESCE(stock, 100) + 1").run();
    expect(await version()).toBe(before);
    await env.DB.prepare("UPDATE bonus_templates SET wager_multiplier = wager_multiplier + 7 WHERE id = ?1").bind(template!.id).run();
    expect(await version()).toBe(before! + 1);
    expect(await read()).toBe(template!.wager_multiplier + 7);
    // Calls that arrive while the copy is being taken wait for it: none reads the old value.
    await env.DB.prepare("UPDATE bonus_templates SET wager_multiplier = wager_multiplier + 1 WHERE id = ?1").bind(template!.id).run();
    expect(new Set(await Promise.all(Array.from({ length: 10 }, read)))).toEqual(new Set([template!.wager_multiplier + 8]));
    // Whole tables: a row deleted in D1 is gone from the copy too.
    const count = () => db.prepare("SELECT COUNT(*) AS n FROM tournament_prizes").first<number>("n");
    const prizes = await env.DB.prepare("SELECT COUNT(*) AS n FROM tournament_prizes").first<number>("n");
    expect(await count()).toBe(prizes);
    await env.DB.prepare("DELETE FROM tournament_prizes WHERE id = (SELECT MAX(id) FROM tournament_prizes)").run();
    expect(await count()).toBe(prizes! - 1);
  });

  it("copies again only the configuration tables that changed, and never goes back to an older version a caller passes", async () => {
    const { uid, stub, db } = await freshPlayer();
    const offers = () => db.prepare("SELECT COUNT(*) AS n FROM campaign_offers WHERE sysname = 'flash-friday' AND is_enabled = 1").first<number>("n");
    expect(await offers()).toBe(1);
    // A mark on the object's copy of the VPN plans shows whether that table was copied again.
    const mark = (sql: string) => runInDurableObject(stub, (_: unknown, state) => state.storage.sql.exec(sql).toArray());
    await mark("UPDATE vpn_plans SET texts = '\"marked\"' WHERE id = (SELECT MIN(id) FROM vpn_plans)");
    const marked = async () => (await mark("SELECT COUNT(*) AS n FROM vpn_plans WHERE texts = '\"marked\"'"))[0]!.n;
    const version = () => env.DB.prepare("SELECT version FROM replica_state").first<number>("version");
    const before = await version();
    await env.DB.prepare("UPDATE campaign_offers SET is_enabled = 0 WHERE sysname = 'flash-friday'").run();
    try {
      // The changed table follows D1 on the next call; the one that did not change is not copied again.
      expect(await offers()).toBe(0);
      expect(await marked()).toBe(1);
      // A caller whose isolate still holds the older version gets this copy, not an older one.
      const stale = [{ sql: "SELECT COUNT(*) AS n FROM campaign_offers WHERE sysname = 'flash-friday' AND is_enabled = 1", params: [] }];
      const answer = await stub.run(uid, stale, false, before);
      expect(answer).toMatchObject({ ok: true, value: [{ results: [{ n: 0 }] }] });
      // A change to the plans copies them again, mark gone.
      await env.DB.prepare("UPDATE vpn_plans SET position = position WHERE id = (SELECT MIN(id) FROM vpn_plans)").run();
      expect(await offers()).toBe(0);
      expect(await marked()).toBe(0);
    } finally {
      await env.DB.prepare("UPDATE campaign_offers SET is_enabled = 1 WHERE sysname = 'flash-friday'").run();
    }
  });

  it("keeps the catalogue rows a call brings, and takes no configuration that way", async () => {
    const { uid, stub } = await freshPlayer();
    const game = await env.DB.prepare("SELECT * FROM games WHERE is_sportsbook = 0 ORDER BY id LIMIT 1").first<Record<string, unknown>>();
    const answer = await stub.run(uid, [{ sql: "SELECT sysname, title FROM games WHERE id = ?1", params: [game!.id] }], false, null, [
      { table: "games", rows: [game!] },
    ]);
    expect(answer).toMatchObject({ ok: true, value: [{ results: [{ sysname: game!.sysname, title: game!.title }] }] });
    const refused = await stub.run(uid, [{ sql: "SELECT 1", params: [] }], false, null, [{ table: "bonus_templates", rows: [{ id: 1 }] }]);
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/bonus_templates rows are not facts/) });
  });

  it("belongs to one player: a call naming another uid is refused", async () => {
    const { uid } = await freshPlayer();
    const stub = env.PLAYER.get(env.PLAYER.idFromName(String(uid)));
    expect(await stub.run(uid + 1, [{ sql: "SELECT 1", params: [] }], false)).toEqual({ ok: false, message: expect.stringMatching(/player \d+'s, not/) });
    expect(await stub.adopt({ uid: uid + 1, currency: "USD", country_code: null, created_at: 1, character_id: null, locale: "en" })).toEqual({
      ok: false,
      message: expect.stringMatching(/player \d+'s, not/),
    });
  });

  it("keeps the currency rule of D1 on its mirrored row: it cannot change once real money moved, and the balances follow a change before", async () => {
    const { uid, db } = await freshPlayer("USD");
    await applyOperation(db, { uid, key: "fun-grant-x", type: "fun_grant", changes: [{ kind: "fun", delta: 100 }] });
    expect(await adoptPlayer(env, { uid, currency: "EUR", country_code: "DE", created_at: 1, character_id: null, locale: "en" })).toBe(true);
    expect(await db.prepare("SELECT currency FROM balances WHERE uid = ?1 AND kind = 'fun'").bind(uid).first("currency")).toBe("EUR");
    await money(db, uid, "deposit-eur1", 100);
    await expect(adoptPlayer(env, { uid, currency: "USD", country_code: "DE", created_at: 1, character_id: null, locale: "en" })).rejects.toThrow(
      /currency cannot change/,
    );
    expect(await adoptPlayer(env, { uid, currency: "EUR", country_code: "DE", created_at: 1, character_id: null, locale: "en" })).toBe(false);
  });

  it("holds the tables already moved (reality checks, odds setting, likes): what a player sets through /api is in their object, and D1 has none of them", async () => {
    const { browser, uid } = await registerPlayer();
    expect(await data(browser.post("account/setRealityCheck", { minutes: 45 }))).toBe(1);
    expect(await data(browser.post("sportsbook/setSettings", { odds_change: "any" }))).toEqual({ odds_change: "any" });
    expect(await data(browser.post("games/addLike", { sysname: "golden_phoenix" }))).toBe(1);
    const object = playerD1(env, uid);
    expect(await object.prepare("SELECT minutes FROM reality_checks WHERE uid = ?1").bind(uid).first("minutes")).toBe(45);
    expect(await object.prepare("SELECT odds_change FROM sport_settings WHERE uid = ?1").bind(uid).first("odds_change")).toBe("any");
    expect(await object.prepare("SELECT COUNT(*) AS n FROM game_likes WHERE uid = ?1").bind(uid).first("n")).toBe(1);
    // D1 no longer has these tables at all (migration 0050): nothing can land there.
    const inD1 = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name IN ('reality_checks', 'sport_settings', 'game_likes')").all();
    expect(inD1.results).toEqual([]);
    // And they answer from there.
    expect(await data(browser.get("account/getResponsibleGaming"))).toMatchObject({ reality_check_minutes: 45 });
    expect(await data(browser.get("sportsbook/getSettings"))).toEqual({ odds_change: "any" });
    expect(await data(browser.get("games/getLikes"))).toEqual(["golden_phoenix"]);
  });

  it("refuses a batch that would span the object and D1: one transaction cannot", async () => {
    const { uid } = await registerPlayer();
    const db = routedD1(env, uid);
    const mixed = db.batch([
      db.prepare("INSERT INTO reality_checks (uid, minutes, updated_at) VALUES (?1, 30, 1)").bind(uid),
      // The player's sessions are the site's (D1), wherever their money is.
      db.prepare("UPDATE sessions SET last_seen_at = last_seen_at WHERE uid = ?1").bind(uid),
    ]);
    await expect(mixed).rejects.toThrow(/mixes the player's object and D1/);
    expect(await db.prepare("SELECT COUNT(*) AS n FROM reality_checks WHERE uid = ?1").bind(uid).first("n")).toBe(0);
  });

  it("keeps its copy of the player's currency when the player changes it", async () => {
    const { browser, uid } = await registerPlayer();
    expect(await data(browser.post("account/setRealityCheck", { minutes: 30 }))).toBe(1);
    const mirrored = () => playerD1(env, uid).prepare("SELECT currency FROM users WHERE uid = ?1").bind(uid).first<string>("currency");
    const before = await mirrored();
    const { available_currencies: available } = JSON.parse(
      (await env.DB.prepare("SELECT value FROM settings WHERE key = 'general_info'").first<string>("value"))!,
    ) as { available_currencies: string[] };
    const other = available.find((c) => c !== before)!;
    expect(await data(browser.post("account/setCurrency", { currency: other }))).toBe(1);
    expect(await mirrored()).toBe(other);
  });

  describe("its outbox", () => {
    /** A session of the player's in D1 besides the test's own. */
    const otherSession = (uid: number) =>
      env.DB.prepare("INSERT INTO sessions (id_hash, uid, created_at, last_seen_at, expires_at) VALUES (?1, ?2, 1, 1, ?3)")
        .bind(crypto.randomUUID(), uid, Date.now() + 3_600_000)
        .run();
    const sessions = (uid: number) => env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE uid = ?1").bind(uid).first<number>("n");
    const outbox = (uid: number) =>
      playerD1(env, uid)
        .prepare("SELECT key, kind, attempts, next_at, error FROM player_outbox ORDER BY id")
        .all<{ attempts: number; next_at: number; error: string | null }>();
    const stubOf = (uid: number) => env.PLAYER.get(env.PLAYER.idFromName(String(uid)));

    /**
     * The object's alarm is due at once and Miniflare runs alarms by itself, so the test asks for
     * the run (runDurableObjectAlarm) and then waits for its result, whoever ran it.
     */
    const delivered = async (uid: number, left = 0) => {
      await runDurableObjectAlarm(stubOf(uid));
      await expect.poll(async () => (await outbox(uid)).results.filter((r) => r.attempts === 0).length).toBe(left);
    };

    it("delivers what a committed transaction still owed when the call died before doing it: a self-exclusion signs the player out everywhere", async () => {
      const { uid } = await registerPlayer();
      await otherSession(uid);
      // The handler's transaction, and then the Worker dies: the sessions are not revoked inline.
      const db = playerD1(env, uid);
      await db.batch([
        db.prepare("INSERT INTO self_exclusions (uid, period, created_at, until) VALUES (?1, '1d', ?2, ?3)").bind(uid, Date.now(), Date.now() + 86_400_000),
        outboxEntry(db, { key: "self-exclusion:crash-test", kind: "sessions.revoke", body: null }),
      ]);
      await delivered(uid);
      expect(await sessions(uid)).toBe(0);
      expect((await outbox(uid)).results).toEqual([]);
    });

    it("signs a self-excluding player out everywhere at once, and its own delivery repeats it harmlessly", async () => {
      const { browser, uid, password } = await registerPlayer();
      await otherSession(uid);
      expect(await data(browser.post("account/selfExclude", { period: "1d", password }))).toMatchObject({ until: expect.any(Number) });
      expect(await sessions(uid)).toBe(0);
      await delivered(uid);
      expect((await outbox(uid)).results).toEqual([]);
      expect(await sessions(uid)).toBe(0);
    });

    it("keeps an entry whose delivery fails, with its error and a later due time, and does not let it hold up the next", async () => {
      const { uid } = await registerPlayer();
      const db = playerD1(env, uid);
      const before = Date.now();
      // A kind no receiver knows: its delivery throws, as a receiver whose store is down would.
      await db.batch([
        db.prepare("INSERT INTO player_outbox (key, kind, body, created_at, next_at) VALUES ('broken-1', 'no.such.kind', 'null', ?1, ?1)").bind(before),
        outboxEntry(db, { key: "revoke-after", kind: "sessions.revoke", body: null }, before),
      ]);
      await delivered(uid);
      const [left, ...rest] = (await outbox(uid)).results;
      expect(rest).toEqual([]);
      // Tried once, or again if the pause ran out on a slow machine: never removed, never lost.
      expect(left).toMatchObject({ key: "broken-1", error: expect.stringMatching(/not a function|undefined/) });
      expect(left!.attempts).toBeGreaterThanOrEqual(1);
      expect(left!.next_at).toBeGreaterThanOrEqual(before + 1000);
      expect(await sessions(uid)).toBe(0);
    });
  });
});
