import { describe, expect, it } from "vitest";
import { sideOf } from "./routed-d1";
import { namedTables } from "./tables";

/** Where a player's statement runs: the player's tables in their object, the site's in D1 (decision 0075). */
describe("routing a player's statement", () => {
  it("names the tables after FROM, JOIN, INTO and UPDATE, whatever the case", () => {
    expect(namedTables("select a.x from Game_Likes a join games g on g.id = a.game_id where exists (SELECT 1 FROM ledger)")).toEqual([
      "game_likes",
      "games",
      "ledger",
    ]);
    expect(namedTables("INSERT OR IGNORE INTO balances SELECT 1 FROM users u, json_each(?1) k")).toEqual(["balances", "users"]);
  });

  it("sends a moved table to the object, with the configuration it copies, the player's users row, CTEs and functions", () => {
    expect(sideOf("SELECT minutes FROM reality_checks WHERE uid = ?1")).toBe("object");
    expect(sideOf("INSERT INTO reality_checks (uid, minutes) VALUES (?1, ?2) ON CONFLICT (uid) DO UPDATE SET minutes = ?2")).toBe("object");
    expect(sideOf("WITH x AS (SELECT value FROM json_each(?1)) SELECT g.id FROM game_likes l JOIN x ON x.value = l.game_id")).toBe("object");
    expect(sideOf("SELECT u.currency, s.odds_change FROM users u LEFT JOIN sport_settings s ON s.uid = u.uid")).toBe("object");
    expect(sideOf("SELECT 1 FROM game_likes l JOIN bonus_templates t ON t.id = l.game_id")).toBe("object");
  });

  it("lets a read of the player's users row and the whole-copied configuration run on either side (D1 alone, the object in its batch)", () => {
    expect(sideOf("SELECT currency FROM users WHERE uid = ?1")).toBe("either");
    expect(sideOf("SELECT u.currency, t.id FROM users u JOIN bonus_templates t ON t.is_enabled = 1")).toBe("either");
    // The catalogue's games are copied row by row: only D1 has them all.
    expect(sideOf("SELECT g.id FROM users u JOIN games g ON g.id = ?2")).toBe("d1");
  });

  it("leaves the site's tables in D1, and refuses a statement that joins a player's table with one of the site's", () => {
    expect(sideOf("SELECT amount FROM balances WHERE uid = ?1")).toBe("object");
    expect(sideOf("SELECT id FROM games WHERE sysname = ?1")).toBe("d1");
    expect(sideOf("UPDATE users SET currency = ?2 WHERE uid = ?1")).toBe("d1");
    expect(sideOf("SELECT points FROM tournament_entries WHERE uid = ?1")).toBe("d1");
    expect(() => sideOf("SELECT 1 FROM game_likes l JOIN tournament_entries e ON e.uid = l.uid")).toThrow(
      /joins the player's object \(game_likes\) with D1 \(tournament_entries\): split it/,
    );
    expect(() => sideOf("SELECT 1 FROM reality_checks r JOIN sessions s ON s.uid = r.uid")).toThrow(/with D1 \(sessions\)/);
  });
});
