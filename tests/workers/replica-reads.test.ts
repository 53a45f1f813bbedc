import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { isMovedTable } from "../../workers/platform/player/tables";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { splitCheckedD1 } from "../../workers/platform/player/split-check";
import { registerPlayer } from "./auth-helpers";
import { ORIGIN } from "./helpers";

/**
 * Reads that tolerate a moment's staleness go through a D1 session that may start at a read
 * replica (workers/platform/core/replica-reads.ts; issue 38): the site's catalogue and content do,
 * a player's own reads and every write stay on the primary.
 */

/** D1 that notes, per statement, whether it was prepared through a session and with which constraint. */
function noting(db: D1Database, seen: { sql: string; session: string | null }[], session: string | null = null): D1Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "prepare")
        return (sql: string) => {
          seen.push({ sql, session });
          return target.prepare(sql);
        };
      if (prop === "withSession") return (c?: string) => noting(target.withSession(c) as unknown as D1Database, seen, c ?? "first-primary");
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

async function call(path: string, headers: HeadersInit = {}) {
  const seen: { sql: string; session: string | null }[] = [];
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(`/api/${path}`, ORIGIN), { headers }), { ...env, DB: noting(env.DB, seen) }, ctx);
  await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, seen };
}

describe("reads that may come from a read replica", () => {
  it("the lobby's categories and the CMS configuration are read through an unconstrained session; the settings read before is not", async () => {
    for (const path of ["games/getCategories", "cms/getConfig"]) {
      const { status, seen } = await call(path);
      expect(status).toBe(200);
      const own = seen.filter((s) => !/FROM settings WHERE key IN \('maintenance'/.test(s.sql));
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((s) => s.session))).toEqual(new Set(["first-unconstrained"]));
    }
  });

  it("a player's balance is read from the primary", async () => {
    const { browser } = await registerPlayer();
    const cookie = browser.cookie;
    const { status, seen } = await call("account/getBalance", { cookie });
    expect(status).toBe(200);
    // While the balances are in D1, read on its primary; once in the player's object, not in D1 at all.
    expect(seen.some((s) => /FROM balances/.test(s.sql) && s.session === null)).toBe(!isMovedTable("balances"));
    expect(seen.filter((s) => s.session !== null)).toEqual([]);
  });

  it("in the tests, a session refuses a statement on a player's table", () => {
    const session = splitCheckedD1(env.DB, false).withSession("first-unconstrained") as unknown as D1Database;
    // (Once the balances moved, the refusal says where they are instead.)
    expect(() => session.prepare("SELECT amount FROM balances WHERE uid = ?1")).toThrow(
      /may come from a replica names a player's table \(balances\)|balances is in the players' objects now/,
    );
    expect(() => session.prepare("SELECT id FROM games LIMIT 1")).not.toThrow();
  });
});
