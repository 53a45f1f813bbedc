import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { PLAYER_SCHEMA } from "./schema.generated";
import { createdBy, migrateSchema, type SchemaSql } from "./schema-migrate";
import { OBJECT_ONLY_BACKFILL } from "./tables";
import { OLDER_SCHEMA as olderSchema } from "./schema-before-0075.fixture";

/**
 * A player object's schema brought to the generated one (decision 0103): an object made before
 * migration 0075 holds the older sports bet tables with rows; on its next call they are rebuilt to
 * the new definitions, every row kept, every reference checked, and nothing else touched.
 */

function objectDb(schema: readonly string[]): { db: DatabaseSync; sql: SchemaSql; ran: string[] } {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  for (const s of schema) db.exec(s);
  const ran: string[] = [];
  const sql: SchemaSql = {
    rows: (statement) => {
      ran.push(statement);
      const prepared = db.prepare(statement);
      if (prepared.columns().length) return prepared.all() as Record<string, unknown>[];
      prepared.run();
      return [];
    },
  };
  return { db, sql, ran };
}

/** A definition as the migration compares it: whitespace folded, the created name unquoted. */
const normal = (sql: string | undefined) => sql?.replace(/\s+/g, " ").replace(/^(CREATE (?:UNIQUE )?(?:TABLE|INDEX|TRIGGER) )"(\w+)"/, "$1$2");

/** What the database holds, as the migration compares it. */
const held = (db: DatabaseSync) =>
  new Map(
    (db.prepare("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL").all() as { name: string; sql: string }[]).map((r) => [r.name, normal(r.sql)]),
  );

describe("a player object's schema migration", () => {
  it("rebuilds the sports bet tables of an older object with their rows, positions numbered again, and touches nothing else", () => {
    const { db, sql } = objectDb(olderSchema);
    db.exec(`
      INSERT INTO users (uid, currency, country_code, created_at) VALUES (7, 'USD', 'DE', 1);
      INSERT INTO sport_bets (id, uid, key, kind, status, currency, stake, odds, funding, payout, placed_at, settled_at) VALUES
        ('b1', 7, 'k1', 'single', 'open', 'USD', 500, 210, 'main', NULL, 10, NULL),
        ('b2', 7, 'k2', 'accumulator', 'won', 'USD', 300, 462, 'main', 1386, 11, 20);
      INSERT INTO sport_bet_legs (bet_id, selection_id, event_id, odds, result, position) VALUES
        ('b1', 41, 4, 210, NULL, 0), ('b2', 52, 5, 220, 'win', 0), ('b2', 61, 6, 210, 'win', 0);
      INSERT INTO game_rounds (id, uid, round_key, game_id, sysname, mode, bet, win, currency, symbols, operation_id, created_at)
        VALUES ('r1', 7, 'round-r1-key', 1, 'g', 'demo', 100, 0, 'USD', '', NULL, 1);
    `);
    const others = [...held(db)].filter(([name]) => !name.startsWith("sport_bet"));

    expect(migrateSchema(sql, PLAYER_SCHEMA, OBJECT_ONLY_BACKFILL)).toEqual(["sport_bet_cashouts"]);

    const now = held(db);
    for (const s of PLAYER_SCHEMA) expect(now.get(createdBy(s).name)).toBe(normal(s));
    expect(now.has("sport_bets__old")).toBe(false);
    expect(others.filter(([name, s]) => now.get(name) !== s)).toEqual([]);
    expect(db.prepare("SELECT id, kind, status, stake, open_stake, cashed_out, payout FROM sport_bets ORDER BY id").all()).toEqual([
      { id: "b1", kind: "single", status: "open", stake: 500, open_stake: 500, cashed_out: 0, payout: null },
      { id: "b2", kind: "accumulator", status: "won", stake: 300, open_stake: 300, cashed_out: 0, payout: 1386 },
    ]);
    expect(db.prepare("SELECT bet_id, position, selection_id, leg, event_id, odds, result, early FROM sport_bet_legs ORDER BY bet_id, position").all()).toEqual(
      [
        { bet_id: "b1", position: 0, selection_id: 41, leg: null, event_id: 4, odds: 210, result: null, early: 0 },
        { bet_id: "b2", position: 0, selection_id: 52, leg: null, event_id: 5, odds: 220, result: "win", early: 0 },
        { bet_id: "b2", position: 1, selection_id: 61, leg: null, event_id: 6, odds: 210, result: "win", early: 0 },
      ],
    );
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    // The new kinds are taken now; a leg still needs its bet.
    db.exec(
      `INSERT INTO sport_bets (id, uid, key, kind, currency, stake, odds, funding, placed_at, open_stake) VALUES ('b3', 7, 'k3', 'builder', 'USD', 200, 640, 'main', 30, 200)`,
    );
    db.exec(`INSERT INTO sport_bet_legs (bet_id, position, leg, event_id, odds) VALUES ('b3', 0, 'btts:yes', 4, 180), ('b3', 1, 'result:home', 4, 210)`);
    expect(() => db.exec(`INSERT INTO sport_bet_legs (bet_id, position, leg, event_id, odds) VALUES ('nope', 0, 'btts:yes', 4, 180)`)).toThrow(/FOREIGN KEY/);
    expect(() => db.exec(`INSERT INTO sport_bet_legs (bet_id, position, event_id, odds) VALUES ('b3', 2, 4, 180)`)).toThrow(/CHECK/);
  });

  it("does nothing on an object already at the schema, and creates again an index whose definition changed", () => {
    const { db, sql, ran } = objectDb(PLAYER_SCHEMA);
    expect(migrateSchema(sql, PLAYER_SCHEMA)).toEqual([]);
    expect(ran.filter((s) => !s.startsWith("SELECT"))).toEqual([]);
    db.exec("DROP INDEX sport_bets_open");
    db.exec("CREATE INDEX sport_bets_open ON sport_bets (status)");
    expect(migrateSchema(sql, PLAYER_SCHEMA)).toEqual([]);
    expect(held(db).get("sport_bets_open")).toBe(normal(PLAYER_SCHEMA.find((s) => createdBy(s).name === "sport_bets_open")));
  });
});
