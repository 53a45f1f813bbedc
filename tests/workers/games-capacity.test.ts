import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- plain .mjs shared with the bench
import { catalogue10xStatements } from "../../bench/lib/catalogue-10x.mjs";
import app from "../../workers/app";
import { rebuildRanks } from "../../workers/platform/games/ranks";
import { ORIGIN } from "./helpers";

/**
 * Issue 15: on a catalogue ten times the demo one (33,000 games), every page and every /api read
 * costs at most 200 D1 rows and 10 queries, at any offset, search or sort. Counted as the bench
 * counts them (DB_STATS=on: workers/d1-stats.ts), on the warm render (site data cached).
 */
const MAX_ROWS = 200;
const MAX_QUERIES = 10;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TIMING = /d1;desc="rows_read=(\d+) rows_written=(\d+) queries=(\d+) object_rows_read=(\d+)"/;

async function measure(path: string) {
  const once = async () => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(new URL(path, ORIGIN), { headers: { "user-agent": GOOGLEBOT } }), { ...env, DB_STATS: "on" }, ctx);
    const body = await res.text();
    await waitOnExecutionContext(ctx);
    const m = TIMING.exec(res.headers.get("server-timing") ?? "");
    expect(m, `${path}: Server-Timing`).not.toBeNull();
    return { status: res.status, body, rows: Number(m![1]), queries: Number(m![3]) };
  };
  await once(); // warms the isolate's site cache, as a second visitor finds it
  return once();
}

const api = (options: Record<string, unknown>) => `/api/games/get?options=${encodeURIComponent(JSON.stringify(options))}`;

/** The number of games games.get answers for a filter (not measured). */
async function totalOf(options: Record<string, unknown>): Promise<number> {
  const res = await app.fetch(new Request(new URL(api({ ...options, count: 1 }), ORIGIN)), env, createExecutionContext());
  return ((await res.json()) as { data: { count: number } }).data.count;
}

async function expectBounded(path: string) {
  const r = await measure(path);
  expect(r.status, `${path}: ${r.body.slice(0, 300)}`).toBe(200);
  expect({ path, rows: r.rows, queries: r.queries }).toEqual({ path, rows: expect.any(Number), queries: expect.any(Number) });
  expect(r.rows, `${path} rows read`).toBeLessThanOrEqual(MAX_ROWS);
  expect(r.queries, `${path} queries`).toBeLessThanOrEqual(MAX_QUERIES);
  return r;
}

/**
 * Each test renders or reads dozens of pages (the several-providers one about a hundred), at about
 * 0.1 s each on a quiet machine; Vitest's default 5 s is too short for that on a busy two-core CI.
 */
const MANY_REQUESTS_MS = 90_000;

describe("D1 capacity on a 10× catalogue (issue 15)", () => {
  let total = 0;
  beforeAll(async () => {
    await env.DB.batch(catalogue10xStatements().map((sql: string) => env.DB.prepare(sql)));
    await rebuildRanks(env.DB);
    total = (await env.DB.prepare("SELECT count(*) AS n FROM games").first<{ n: number }>())!.n;
    // 10 × the 3,300 demo games, the seeded sportsbook pseudo-game (decision 0049) and the two originals (decision 0115).
    expect(total).toBe(33004);
  }, 120_000);

  const lastPage = () => Math.floor((total - 1) / 24) * 24;

  it(
    "the lobby at the first, a middle and the last page",
    async () => {
      await expectBounded("/gamehall");
      await expectBounded(`/gamehall?offset=${Math.floor(total / 48) * 24}`);
      const last = await expectBounded(`/gamehall?offset=${lastPage()}`);
      expect(last.body).toContain("game-tile");
      await expectBounded("/gamehall?category=slots&offset=9600");
      await expectBounded("/gamehall?category=slots&providers=aurora_reels&offset=480");
    },
    MANY_REQUESTS_MS,
  );

  it(
    "search: one letter, two letters, a word, with a category",
    async () => {
      for (const q of ["s", "sa", "dragon", "golden phoenix"]) await expectBounded(`/gamehall?search=${encodeURIComponent(q)}`);
      await expectBounded("/gamehall?category=slots&search=s");
      await expectBounded("/gamehall?providers=aurora_reels&search=s");
    },
    MANY_REQUESTS_MS,
  );

  it(
    "games.get: every sort at any offset, searches, the random pick",
    async () => {
      for (const sort of ["popular", "new", "name", "rtp"]) {
        for (const offset of [0, 16000, total - 1]) await expectBounded(api({ sort, offset, count: 24 }));
        await expectBounded(api({ sort, category: "slots", offset: 12000, count: 24 }));
        await expectBounded(api({ sort, providers: ["bluefin"], offset: 1200, count: 24 }));
        await expectBounded(api({ sort, search: "s", count: 24 }));
      }
      await expectBounded(api({ search: "sa", category: "slots", count: 24, offset: 48 }));
      // the random game: the total, then one game at a random offset
      await expectBounded(api({ count: 1 }));
      await expectBounded(api({ count: 1, offset: 27_183 }));
    },
    MANY_REQUESTS_MS,
  );

  it(
    "several providers: 2, 3 and all, with and without a category, every sort, first, middle and last page",
    async () => {
      const { results } = await env.DB.prepare("SELECT sysname FROM game_providers").all<{ sysname: string }>();
      const all = results.map((r) => r.sysname).sort();
      expect(all.length).toBeGreaterThanOrEqual(26);
      const sets = [["aurora_reels", "bluefin"], ["copperleaf", "pf_originals", "silverbirch"], all];
      for (const providers of sets) {
        for (const category of [undefined, "slots"]) {
          const count = await totalOf({ providers, category });
          expect(count, `${providers.length} providers, ${category}`).toBeGreaterThan(240);
          const offsets = [0, Math.floor(count / 48) * 24, Math.floor((count - 1) / 24) * 24];
          for (const offset of offsets) {
            const lobby = `/gamehall?${new URLSearchParams({ ...(category ? { category } : {}), providers: providers.join(","), ...(offset ? { offset: String(offset) } : {}) })}`;
            const page = await expectBounded(lobby.replace(/%2C/g, ","));
            expect(page.body).toContain("game-tile");
            for (const sort of ["popular", "new", "name", "rtp"]) await expectBounded(api({ sort, providers, category, offset, count: 24 }));
          }
        }
      }
    },
    MANY_REQUESTS_MS,
  );

  it(
    "home, jackpots and providers",
    async () => {
      await expectBounded("/");
      await expectBounded("/jackpots");
      await expectBounded("/providers");
      await expectBounded("/api/Jackpots/get");
    },
    MANY_REQUESTS_MS,
  );
});
