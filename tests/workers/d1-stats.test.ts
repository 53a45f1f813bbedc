import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingD1, serverTiming, type D1Tally } from "../../workers/d1-stats";
import { routedD1 } from "../../workers/platform/player/routed-d1";
import { registerPlayer } from "./auth-helpers";

/** The bench's rows-read counter (DB_STATS=on) must count without changing what queries answer. */
describe("countingD1", () => {
  const fresh = (): D1Tally => ({ rowsRead: 0, rowsWritten: 0, queries: 0 });

  it("answers first(), first(column), all() and raw() like D1 itself", async () => {
    const tally = fresh();
    const db = countingD1(env.DB, tally);
    const sql = "SELECT sysname, title FROM games ORDER BY id LIMIT 3";
    expect(await db.prepare(sql).first()).toEqual(await env.DB.prepare(sql).first());
    expect(await db.prepare(sql).first("title")).toEqual(await env.DB.prepare(sql).first("title"));
    expect((await db.prepare(sql).all()).results).toEqual((await env.DB.prepare(sql).all()).results);
    expect(await db.prepare(sql).raw()).toEqual(await env.DB.prepare(sql).raw());
    expect(await db.prepare(sql).raw({ columnNames: true })).toEqual(await env.DB.prepare(sql).raw({ columnNames: true }));
    expect(await db.prepare("SELECT 1 AS x WHERE 0").first()).toBeNull();
    expect(tally.queries).toBe(6);
    expect(tally.rowsRead).toBeGreaterThanOrEqual(15);
  });

  it("counts bound statements and batches, and reads the rows a query really scanned", async () => {
    const tally = fresh();
    const db = countingD1(env.DB, tally);
    await db.prepare("SELECT id FROM games WHERE sysname = ?1").bind("no-such-game").first();
    const indexed = tally.rowsRead;
    await db.batch([db.prepare("SELECT count(*) AS n FROM games"), db.prepare("SELECT 1").bind()]);
    expect(tally.queries).toBe(3);
    // Counting every game scans the table: thousands of rows, where the indexed lookup read ~1.
    expect(tally.rowsRead - indexed).toBeGreaterThan(3000);
    expect(indexed).toBeLessThan(5);
    expect(serverTiming(tally)).toMatch(/^d1;desc="rows_read=\d+ rows_written=0 queries=3 object_rows_read=0"$/);
  });

  it("counts the rows a player's object reads for the request, apart from D1's (decision 0080)", async () => {
    const { uid } = await registerPlayer();
    const tally = fresh();
    const db = routedD1({ ...env, DB: countingD1(env.DB, tally) }, uid);
    const own = await db.batch([
      db.prepare("SELECT kind FROM balances WHERE uid = ?1").bind(uid),
      db.prepare("SELECT id FROM ledger WHERE uid = ?1").bind(uid),
    ]);
    const balances = (await db.prepare("SELECT kind FROM balances WHERE uid = ?1").bind(uid).all()).results;
    expect(balances.length).toBeGreaterThan(0);
    expect(tally.objectRowsRead).toBeGreaterThanOrEqual(2 * balances.length + own[1]!.results.length);
    expect(tally).toMatchObject({ queries: 0, rowsRead: 0 });
    expect(serverTiming(tally)).toMatch(/ object_rows_read=[1-9]\d*"$/);
  });
});
