import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import type { RenderScope } from "../../workers/platform/core/render-scope";
import { coalescedRuns, type PlayerStub } from "../../workers/platform/player/coalesce";
import type { PlayerObject } from "../../workers/platform/player/object";
import { playerD1 } from "../../workers/platform/player/remote-d1";
import { registerPlayer } from "./auth-helpers";
import { ORIGIN } from "./helpers";
import { makeTournament } from "./tournament-helpers";

/**
 * Issue 39, "the player's own state from the player object in one call": a page render's reads of
 * its player's object go together (workers/platform/player/coalesce.ts), each answered on its own.
 */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

/** `ns` whose stubs record the calls the Worker makes of `methods` (`runMany`: with how many callers). */
function recording(ns: DurableObjectNamespace, calls: string[], methods: readonly string[]): DurableObjectNamespace {
  return new Proxy(ns, {
    get(target, prop) {
      if (prop === "get")
        return (id: DurableObjectId) => {
          const stub = target.get(id);
          return new Proxy(stub, {
            get(s, name) {
              const value = Reflect.get(s, name);
              if (typeof name !== "string" || !methods.includes(name)) return value;
              return (...args: unknown[]) => {
                calls.push(name === "runMany" ? `runMany ${(args[1] as unknown[]).length}` : name);
                return Reflect.apply(value as () => unknown, s, args);
              };
            },
          });
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as DurableObjectNamespace;
}

async function render(path: string, cookie: string) {
  const calls: string[] = [];
  const boardCalls: string[] = [];
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(new URL(path, ORIGIN), { headers: { "user-agent": BROWSER, cookie } }),
    {
      ...env,
      PLAYER: recording(env.PLAYER as unknown as DurableObjectNamespace, calls, ["run", "runMany"]),
      TOURNAMENT_BOARD: recording(env.TOURNAMENT_BOARD as unknown as DurableObjectNamespace, boardCalls, ["flushed", "rankOf", "top"]),
    } as unknown as Env,
    ctx,
  );
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, html, calls, boardCalls };
}

describe("a render's reads of its player's object, one call", () => {
  /** A signed-in player's second render of `path` (the first made their object): what it asked of the object. */
  const secondRender = async (path: string) => {
    const p = await registerPlayer();
    await render(path, p.browser.cookie);
    const page = await render(path, p.browser.cookie);
    expect(page.status).toBe(200);
    return page;
  };

  it("the signed-in shell's balance, latest cashback and open offers reach the object as one call, and still show", async () => {
    const page = await secondRender("/about");
    expect(page.calls).toEqual(["runMany 3"]);
    // The header's balance and the Offers badge came from that call.
    expect(page.html).toContain('<span data-balance="true">$0</span>');
    expect(page.html).toMatch(/data-offers-badge="">[1-9]/);
  });

  it("a page's own reads of the player go with the shell's: the sportsbook's odds setting", async () => {
    expect((await secondRender("/betting")).calls).toEqual(["runMany 4"]);
  });

  it("a tournament's page: the reader's rounds go with the shell's reads, and its board is asked once for their place", async () => {
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id LIMIT 2").all<{ id: number; sysname: string }>()).results;
    const id = await makeTournament({ games, prizes: [[1, 3, "money", 1000]] });
    const p = await registerPlayer();
    await env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, 7, 1, 1)").bind(id, p.uid).run();
    await render(`/tournaments/${id}`, p.browser.cookie);
    const page = await render(`/tournaments/${id}`, p.browser.cookie);
    expect(page.status).toBe(200);
    // The card's "joined" and the board's pinned row both come from the one call to the board.
    expect(page.html).toMatch(/data-testid="my-row" data-rank="1"/);
    expect(page.boardCalls).toEqual(["rankOf"]);
    expect(page.calls).toEqual(["runMany 4"]);
    // A visitor's board is flushed and read; nobody is ranked for them.
    expect((await render(`/tournaments/${id}`, "")).boardCalls).toEqual(["flushed"]);
  });

  it("a visitor's page calls no object", async () => {
    expect((await render("/about", "")).calls).toEqual([]);
  });

  it("answers each caller on its own: a failing statement fails its caller alone, in any order", async () => {
    const p = await registerPlayer();
    const scope: RenderScope = {};
    const db = playerD1(env, p.uid, null, [], scope);
    const [balances, broken, count] = await Promise.allSettled([
      db.prepare("SELECT kind, amount FROM balances WHERE uid = ?1 ORDER BY kind").bind(p.uid).all(),
      db.prepare("SELECT no_such_column FROM balances").all(),
      db.batch([db.prepare("SELECT COUNT(*) AS n FROM game_rounds WHERE uid = ?1").bind(p.uid)]),
    ]);
    expect(balances.status).toBe("fulfilled");
    expect(broken).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/no such column/) } });
    expect(count).toMatchObject({ status: "fulfilled", value: [{ results: [{ n: 0 }] }] });
    // Outside a render (a write, an API call alone) a statement goes at once, on its own.
    expect(await playerD1(env, p.uid).prepare("SELECT 1 AS one").first("one")).toBe(1);
  });

  it("sends a lone read as a plain run, and a whole call's failure to every caller in it", async () => {
    const seen: string[] = [];
    const stub: PlayerStub = {
      run: async () => (seen.push("run"), { ok: true, value: [] }),
      runMany: async (_uid, many) => {
        seen.push(`runMany ${many.length}`);
        throw new Error("the object is overloaded");
      },
    };
    const run = coalescedRuns(new Map(), stub, 7);
    await run({ statements: [{ sql: "SELECT 1", params: [] }], batch: false, replica: "skip", facts: [] });
    const both = await Promise.allSettled([
      run({ statements: [{ sql: "SELECT 1", params: [] }], batch: false, replica: "skip", facts: [] }),
      run({ statements: [{ sql: "SELECT 2", params: [] }], batch: false, replica: "skip", facts: [] }),
    ]);
    expect(seen).toEqual(["run", "runMany 2"]);
    expect(both.map((b) => b.status)).toEqual(["rejected", "rejected"]);
  });

  it("runMany answers in the order asked, as runs one after another", async () => {
    const p = await registerPlayer();
    const stub = env.PLAYER.get(env.PLAYER.idFromName(String(p.uid)));
    await playerD1(env, p.uid).prepare("SELECT 1").first();
    const answers = await runInDurableObject(stub, (o: PlayerObject) =>
      o.runMany(p.uid, [
        { statements: [{ sql: "SELECT 'a' AS v", params: [] }], batch: false, replica: "skip", facts: [] },
        { statements: [{ sql: "SELECT nope FROM nowhere", params: [] }], batch: false, replica: "skip", facts: [] },
        {
          statements: [
            { sql: "SELECT ?1 AS v", params: ["b"] },
            { sql: "SELECT 'c' AS v", params: [] },
          ],
          batch: true,
          replica: "skip",
          facts: [],
        },
      ]),
    );
    expect(answers.map((a) => (a.ok ? a.value.map((r) => r.results[0]) : "failed"))).toEqual([[{ v: "a" }], "failed", [{ v: "b" }, { v: "c" }]]);
  });
});
