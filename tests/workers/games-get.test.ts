import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildGameQuery } from "../../workers/platform/games/game-query";
import { failure, get, post } from "./helpers";
import { games } from "./games-helpers";

const GAME_KEYS = [
  "categories",
  "description",
  "has_demo",
  "id",
  "image",
  "is_new",
  "is_sportsbook",
  "max_bet",
  "min_bet",
  "provider",
  "provider_name",
  "rtp",
  "sysname",
  "tags",
  "title",
  "volatility",
].sort();

describe("games.get", () => {
  it("answers 24 games by default, most popular first, with the total", async () => {
    const r = await games();
    expect(r.items).toHaveLength(24);
    expect(r.count).toBeGreaterThanOrEqual(3000);
    const g = r.items[0];
    expect(Object.keys(g).sort()).toEqual(GAME_KEYS);
    expect(g.rtp).toBeGreaterThan(90);
    expect(g.rtp).toBeLessThan(99);
    expect(["low", "medium", "high"]).toContain(g.volatility);
    expect(g.min_bet).toEqual({ amount: expect.any(Number), currency: "USD" });
    expect(g.max_bet.amount).toBeGreaterThan(g.min_bet.amount);
    expect(r.items[0].categories).toContain("popular");
    const ids = r.items.map((x) => x.id);
    expect(new Set(ids).size).toBe(24);
  });

  it("also takes no options at all", async () => {
    const r = await games("");
    expect(r.items).toHaveLength(24);
  });

  it("filters by category, with the category's count", async () => {
    const r = await games({ category: "live", count: 100 });
    expect(r.items.length).toBe(100);
    expect(r.items.every((g) => g.categories.includes("live"))).toBe(true);
    const n = (await env.DB.prepare("SELECT games_count AS n FROM game_categories WHERE sysname = 'live'").first<{ n: number }>())!.n;
    expect(r.count).toBe(n);
    const newOnes = await games({ category: "new" });
    expect(newOnes.items.every((g) => g.is_new)).toBe(true);
  });

  it("filters by providers given as a list or as a comma string", async () => {
    const list = await games({ providers: ["aurora_reels", "silverbirch"], count: 100 });
    const comma = await games({ providers: "aurora_reels, silverbirch", count: 100 });
    expect(comma).toEqual(list);
    expect(new Set(list.items.map((g) => g.provider))).toEqual(new Set(["aurora_reels", "silverbirch"]));
    const both = await games({ category: "live", providers: "aurora_reels,silverbirch", count: 100 });
    expect(both.items.every((g) => g.provider === "silverbirch")).toBe(true);
    const silverbirch = (await games({ providers: "silverbirch" })).count;
    expect(both.count).toBe(silverbirch);
    expect(both.count).toBeGreaterThan(0);
    // an empty providers filter filters nothing
    expect((await games({ providers: "" })).count).toBe((await games()).count);
  });

  it("searches titles and provider names by word prefixes, case-insensitively", async () => {
    const r = await games({ search: "DRAG", count: 100 });
    expect(r.count).toBeGreaterThan(0);
    expect(r.items.every((g) => /\bdrag/i.test(`${g.title} ${g.provider_name}`))).toBe(true);
    const two = await games({ search: "golden pho" });
    expect(two.items.map((g) => g.title)).toContain("Golden Phoenix");
    expect(two.items.every((g) => /golden/i.test(g.title) && /\bpho/i.test(g.title))).toBe(true);
    const byProvider = await games({ search: "silverbirch", count: 100 });
    expect(byProvider.count).toBeGreaterThan(50);
    expect(byProvider.items.every((g) => g.provider === "silverbirch")).toBe(true);
    expect((await games({ search: "zzzqqq" })).count).toBe(0);
    // FTS syntax in the text is only text
    expect((await games({ search: '"gold*' })).count).toBeGreaterThan(0);
    expect((await games({ search: 'NEAR( "x" OR' })).count).toBe(0);
    expect((await games({ search: "*** ()" })).count).toBe((await games()).count);
  });

  it("finds games by ids and by sysnames; empty lists find nothing", async () => {
    const byIds = await games({ ids: [3, 1, 2] });
    expect(byIds.items.map((g) => g.id).sort()).toEqual([1, 2, 3]);
    expect(byIds.count).toBe(3);
    const bySys = await games({ sysnames: ["golden_phoenix", "no_such_game"] });
    expect(bySys.items.map((g) => g.sysname)).toEqual(["golden_phoenix"]);
    expect(await games({ sysnames: [] })).toEqual({ items: [], count: 0 });
  });

  it("tells an operator's sportsbook apart: the seeded pseudo-game, alone in the 'sport' category", async () => {
    // Decision 0049 put it back (0018 had removed it until /betting existed); /game/sportsbook goes to /betting.
    const r = await games({ sysnames: ["sportsbook", "golden_phoenix"] });
    const flags = Object.fromEntries(r.items.map((g) => [g.sysname, g.is_sportsbook]));
    expect(flags).toEqual({ sportsbook: true, golden_phoenix: false });
    expect((await games({ category: "sport" })).items.map((g) => g.sysname)).toEqual(["sportsbook"]);
  });

  it("sorts by popularity, release, name and RTP", async () => {
    const name = (await games({ category: "slots", sort: "name", count: 50 })).items.map((g) => g.title);
    expect(name).toEqual([...name].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const rtp = (await games({ sort: "rtp", count: 50 })).items.map((g) => g.rtp);
    expect(rtp).toEqual([...rtp].sort((a, b) => b - a));
    const newest = (await games({ sort: "new", count: 5 })).items;
    expect(newest.every((g) => g.is_new)).toBe(true);
    const popular = await games({ category: "slots", count: 30 });
    const ids = popular.items.map((g) => g.id);
    const rows = await env.DB.prepare(`SELECT id FROM games WHERE kind = 'slot' ORDER BY popularity DESC LIMIT 30`).all<{ id: number }>();
    expect(ids).toEqual(rows.results.map((r) => r.id));
  });

  it("pages with offset and count without gaps or repeats", async () => {
    const all = await games({ category: "table", count: 60 });
    const a = await games({ category: "table", count: 25, offset: 0 });
    const b = await games({ category: "table", count: 25, offset: 25 });
    const c = await games({ category: "table", count: 10, offset: 50 });
    expect([...a.items, ...b.items, ...c.items].map((g) => g.id)).toEqual(all.items.map((g) => g.id));
    expect(a.count).toBe(all.count);
    const past = await games({ category: "table", offset: 100000 });
    expect(past.items).toEqual([]);
    expect(past.count).toBe(all.count);
  });

  it("texts follow the request locale; the default locale fills in", async () => {
    const es = await games({ sysnames: ["golden_phoenix"] }, { locale: "es" });
    expect(es.items[0].description).toMatch(/Golden Phoenix es un/);
  });

  it("reads only about one page of rows for a category page (index range, EXPLAIN QUERY PLAN)", async () => {
    const category = await env.DB.prepare("SELECT id FROM game_categories WHERE sysname = 'slots'").first<{ id: number }>();
    const { page, total } = buildGameQuery({ categoryId: category!.id, offset: 0, count: 24, sort: "popular" }, "en", "en");
    expect(total.sql).toMatch(/FROM game_categories/);
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${page.sql}`)
      .bind(...page.binds)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toMatch(/USING COVERING INDEX category_games_by_popularity/);
    expect(details).not.toMatch(/USE TEMP B-TREE/);
    const run = await env.DB.prepare(page.sql)
      .bind(...page.binds)
      .all();
    expect(run.results).toHaveLength(24);
    // 24 index entries, their games, providers, texts and category lists: a few hundred at most, not thousands
    expect(run.meta.rows_read).toBeLessThan(400);
  });

  it("drives searches from the full-text index and category+provider pages from the provider index", async () => {
    const measure = async (q: Parameters<typeof buildGameQuery>[0]) => {
      const { page, total } = buildGameQuery(q, "en", "en");
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${page.sql}`)
        .bind(...page.binds)
        .all<{ detail: string }>();
      const run = await env.DB.prepare(page.sql)
        .bind(...page.binds)
        .all();
      const counted = (
        await env.DB.prepare(total.sql)
          .bind(...total.binds)
          .all()
      ).meta.rows_read;
      return { plan: plan.results.map((r) => r.detail).join("\n"), read: run.meta.rows_read + counted };
    };
    const search = await measure({ search: "drag", categoryId: 3, offset: 0, count: 24 });
    expect(search.plan).toMatch(/SCAN s VIRTUAL TABLE INDEX/);
    expect(search.read).toBeLessThan(1000);
    const provider = await measure({ categoryId: 3, providerIds: [1], offset: 0, count: 24 });
    expect(provider.plan).toMatch(/USING COVERING INDEX games_by_provider/);
    expect(provider.read).toBeLessThan(1000);
  });
});

describe("catalogue counts kept with the catalogue (migration 0012)", () => {
  const counted = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

  it("the whole catalogue's and a provider's totals read the providers, not the games", async () => {
    const whole = buildGameQuery({ offset: 0, count: 24 }, "en", "en").total;
    const run = await env.DB.prepare(whole.sql)
      .bind(...whole.binds)
      .all<{ n: number }>();
    expect(run.results[0]!.n).toBe(await counted("SELECT COUNT(*) AS n FROM games"));
    expect(run.meta.rows_read).toBeLessThan(100);
    expect((await games()).count).toBe(await counted("SELECT COUNT(*) AS n FROM games"));
    const one = await games({ providers: "silverbirch" });
    expect(one.count).toBe(await counted("SELECT COUNT(*) AS n FROM games g JOIN game_providers p ON p.id = g.provider_id WHERE p.sysname = 'silverbirch'"));
  });

  it("triggers keep provider and category counts true when the catalogue changes", async () => {
    const providers = () => env.DB.prepare("SELECT sysname, games_count FROM game_providers ORDER BY id").all<{ sysname: string; games_count: number }>();
    const truth = () =>
      env.DB.prepare("SELECT p.sysname, (SELECT COUNT(*) FROM games g WHERE g.provider_id = p.id) AS games_count FROM game_providers p ORDER BY p.id").all();
    expect((await providers()).results).toEqual((await truth()).results);

    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO games (id, sysname, provider_id, title, kind, rtp_bp, volatility, min_bet, max_bet, has_demo, popularity, released_at, tags)
         SELECT 999001, 'count_probe', provider_id, 'Count Probe', kind, rtp_bp, volatility, min_bet, max_bet, has_demo, popularity, released_at, tags FROM games WHERE id = 1`,
      ),
      env.DB.prepare("UPDATE games SET provider_id = (SELECT MAX(id) FROM game_providers) WHERE id = 2"),
      env.DB.prepare(
        "INSERT INTO game_category_games (category_id, game_id, popularity, released_at) SELECT id, 999001, 1, 1 FROM game_categories WHERE sysname = 'live'",
      ),
    ]);
    expect((await providers()).results).toEqual((await truth()).results);
    const live = () => counted("SELECT games_count AS n FROM game_categories WHERE sysname = 'live'");
    expect(await live()).toBe(
      await counted("SELECT COUNT(*) AS n FROM game_category_games x JOIN game_categories c ON c.id = x.category_id WHERE c.sysname = 'live'"),
    );

    await env.DB.batch([env.DB.prepare("DELETE FROM game_category_games WHERE game_id = 999001"), env.DB.prepare("DELETE FROM games WHERE id = 999001")]);
    expect((await providers()).results).toEqual((await truth()).results);
    expect(await live()).toBe(
      await counted("SELECT COUNT(*) AS n FROM game_category_games x JOIN game_categories c ON c.id = x.category_id WHERE c.sysname = 'live'"),
    );
  });
});

describe("games.get bad input", () => {
  const bad = async (options: string, pattern: RegExp) => {
    const e = await failure(get("games/get", { options }), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.options?.join(" ")).toMatch(pattern);
    return e;
  };

  it("refuses malformed JSON, unknown keys and values of the wrong type", async () => {
    await bad("{category:", /valid JSON/);
    await bad("[1,2]", /expected object|object/i);
    await bad('{"colour":"red"}', /unknown option colour/);
    await bad('{"sort":"random"}', /sort must be one of/);
    await bad('{"ids":["x"]}', /ids/);
    await bad('{"search":42}', /search must be text/);
  });

  it("refuses negative offset and count out of 1..100", async () => {
    await bad('{"offset":-1}', /offset must be 0 or more/);
    await bad('{"count":0}', /count must be at least 1/);
    await bad('{"count":101}', /count must be at most 100/);
    await bad('{"count":2.5}', /count must be an integer/);
  });

  it("refuses an unknown category or provider", async () => {
    await bad('{"category":"bingo"}', /unknown category 'bingo'/);
    await bad('{"providers":"aurora_reels,acme"}', /unknown provider 'acme'/);
    await bad('{"category":"Slots!"}', /sysnames hold/);
  });

  it("refuses a POST", async () => {
    await failure(post("games/get", { options: "{}" }), 405, "InvalidRequestException");
  });
});
