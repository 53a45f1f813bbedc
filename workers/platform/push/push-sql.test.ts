import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { TITLES_BY_LOCALE_SQL } from "../tournaments/view";
import { type OwedPush, owedPushesSql, pushBodySql } from "./send";

/**
 * A push owed per row in SQL (pushBodySql, owedPushesSql) is the push owedPush writes: the same body,
 * the same outbox key and kind, so the delivery reads both alike.
 */
describe("pushes owed in SQL", () => {
  const push: OwedPush = {
    key: "withdrawal-paid:w-1",
    topic: "withdrawals",
    title: { message: "push.withdrawalPaid.title" },
    body: { message: "push.withdrawalPaid.body", params: { amount: "$12.50" } },
    url: "/cashier/receipt?transaction=w-1",
  };

  it("builds owedPush's body from a row", () => {
    const db = new DatabaseSync(":memory:");
    const sql = pushBodySql({
      uid: "r.uid",
      key: "'withdrawal-paid:' || r.id",
      topic: "withdrawals",
      title: { message: "push.withdrawalPaid.title" },
      body: { message: "push.withdrawalPaid.body", params: { amount: "r.amount" } },
      url: "'/cashier/receipt?transaction=' || r.id",
    });
    const row = db.prepare(`SELECT ${sql} AS body FROM (SELECT 7 AS uid, 'w-1' AS id, '$12.50' AS amount) r`).get() as { body: string };
    expect(JSON.parse(row.body)).toEqual({ uid: 7, ...push });
    // A text without placeholders has no params, as owedPush's.
    const bare = db
      .prepare(`SELECT ${pushBodySql({ uid: "1", key: "'k'", topic: "tournaments", title: { message: "a" }, body: { message: "b" }, url: "'/'" })} AS body`)
      .get() as {
      body: string;
    };
    expect(JSON.parse(bare.body)).toEqual({ uid: 1, key: "k", topic: "tournaments", title: { message: "a" }, body: { message: "b" }, url: "/" });
  });

  it("owes one push.send row per row found, keyed push:<key>, once", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("CREATE TABLE player_outbox (key TEXT UNIQUE, kind TEXT, body TEXT, created_at INTEGER, next_at INTEGER)");
    db.exec("CREATE TABLE paid (uid INTEGER, id TEXT, amount TEXT)");
    db.exec("INSERT INTO paid VALUES (7, 'w-1', '$12.50'), (7, 'w-2', '$3')");
    const sql = owedPushesSql(
      {
        uid: "uid",
        key: "'withdrawal-paid:' || id",
        topic: "withdrawals",
        title: { message: "push.withdrawalPaid.title" },
        body: { message: "push.withdrawalPaid.body", params: { amount: "amount" } },
        url: "'/cashier/receipt?transaction=' || id",
      },
      "FROM paid WHERE uid = ?1",
      "?2",
    );
    db.prepare(sql).run(7, 1000);
    db.prepare(sql).run(7, 2000);
    const rows = db.prepare("SELECT key, kind, body, created_at FROM player_outbox ORDER BY key").all() as {
      key: string;
      kind: string;
      body: string;
      created_at: number;
    }[];
    expect(rows.map((r) => [r.key, r.kind, r.created_at])).toEqual([
      ["push:withdrawal-paid:w-1", "push.send", 1000],
      ["push:withdrawal-paid:w-2", "push.send", 1000],
    ]);
    expect(JSON.parse(rows[0]!.body)).toEqual({ uid: 7, ...push });
  });

  it("names a tournament in every locale: its titles by locale, its sysname for a locale without one", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("CREATE TABLE tournaments (id INTEGER, sysname TEXT, texts TEXT)");
    db.exec(`INSERT INTO tournaments VALUES
      (1, 'spring-race', '{"en":{"title":"Spring race","description":"d"},"es":{"title":"Carrera de primavera"},"pt":{"description":"only"}}'),
      (2, 'bare', '{}')`);
    const sql = pushBodySql({
      uid: "7",
      key: "'tournament-started:' || t.id",
      topic: "tournaments",
      title: { message: "push.tournamentStarted.title", params: { tournament: TITLES_BY_LOCALE_SQL } },
      body: { message: "push.tournamentStarted.body" },
      url: "'/tournaments/' || t.id",
    });
    const titles = (db.prepare(`SELECT ${sql} AS body FROM tournaments t ORDER BY t.id`).all() as { body: string }[]).map(
      (r) => (JSON.parse(r.body) as OwedPush).title.params?.tournament,
    );
    expect(titles).toEqual([{ en: "Spring race", es: "Carrera de primavera", "*": "spring-race" }, { "*": "bare" }]);
  });
});
