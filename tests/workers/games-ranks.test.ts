import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { rebuildRanks } from "../../workers/platform/games/ranks";
import { SEARCH_LIMIT } from "../../workers/platform/games/ranked-query";
import { data, get } from "./helpers";
import { games } from "./games-helpers";

/**
 * The catalogue's ranks, cards and search index (migration 0014, decision 0025) answer games.get
 * exactly as the catalogue's own tables do: same games, same order, same totals.
 */
const QUERIES: Record<string, unknown>[] = [
  {},
  { offset: 3288, count: 24 },
  { sort: "new", count: 50, offset: 100 },
  { sort: "name", count: 30, offset: 2000 },
  { sort: "rtp", count: 40, offset: 1500 },
  { category: "slots", sort: "name", count: 30, offset: 600 },
  { category: "live", count: 100 },
  { category: "jackpot", sort: "rtp", count: 24 },
  { providers: ["silverbirch"], sort: "new", offset: 24 },
  { category: "slots", providers: "aurora_reels", count: 50, offset: 10 },
  { providers: "aurora_reels,silverbirch", count: 100, offset: 100 },
  { providers: "aurora_reels,silverbirch", category: "slots", sort: "name", count: 30 },
  { search: "dragon", count: 100 },
  { search: "golden pho" },
  { search: "silverbirch", sort: "name", count: 100 },
  { search: "drag", category: "slots", providers: "aurora_reels,bluefin", count: 50 },
];
const stale = () => env.DB.prepare("UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1").run();

describe("catalogue ranks", () => {
  it("answer every filter, sort and offset as the tables do", async () => {
    const ranked = await Promise.all(QUERIES.map((q) => games(q, { locale: "es" })));
    await stale();
    for (const [i, q] of QUERIES.entries()) {
      const fromTables = await games(q, { locale: "es" });
      expect(ranked[i], JSON.stringify(q)).toEqual(fromTables);
    }
    // (the stale reads above have started a rebuild in the background already)
    await rebuildRanks(env.DB);
  });

  it("a search answers its most popular matches, at most SEARCH_LIMIT", async () => {
    const s = await games({ search: "s", count: 100 });
    expect(s.count).toBe(SEARCH_LIMIT);
    const popular = (await games({ search: "s", count: 24 })).items.map((g) => g.id);
    expect(s.items.slice(0, 24).map((g) => g.id)).toEqual(popular);
    const byName = (await games({ search: "s", sort: "name", count: 100 })).items.map((g) => g.title);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(new Set(byName)).toEqual(new Set(s.items.map((g) => g.title)));
  });

  it("a change to the catalogue is answered at once from the tables, then from rebuilt ranks", async () => {
    await env.DB.prepare("UPDATE games SET popularity = 2000000000 WHERE sysname = 'wild_tiger'").run();
    expect((await games({ count: 1 })).items[0].sysname).toBe("wild_tiger");
    await rebuildRanks(env.DB);
    const state = await env.DB.prepare("SELECT changes = ranked AS fresh FROM game_catalogue_state").first<{ fresh: number }>();
    expect(state!.fresh).toBe(1);
    expect((await games({ count: 1 })).items[0].sysname).toBe("wild_tiger");
    expect((await games({ search: "wild ti", count: 1 })).items[0].sysname).toBe("wild_tiger");
  });

  it("the rebuild gives what the migration built", async () => {
    const digest = () =>
      env.DB.prepare(
        `SELECT (SELECT count(*) FROM game_ranks) AS ranks, (SELECT sum(pos * game_id % 1000003) FROM game_ranks) AS r,
                (SELECT count(*) FROM game_cards) AS cards, (SELECT sum(length(card)) FROM game_cards) AS c,
                (SELECT sum(rowid * game_id % 1000003) FROM game_search) AS s`,
      ).first();
    const before = await digest();
    await stale();
    await rebuildRanks(env.DB);
    expect(await digest()).toEqual(before);
  });
});

describe("games.getSections", () => {
  it("answers each section as games.get does, an unknown category empty", async () => {
    const sections = [{ category: "popular", count: 12 }, { category: "new", sort: "new", count: 5 }, { category: "nope", count: 3 }, { sort: "rtp", count: 2 }];
    const answers = await data<any[]>(get("games/getSections", { sections: JSON.stringify(sections) }));
    expect(answers[0]).toEqual(await games({ category: "popular", count: 12 }));
    expect(answers[1]).toEqual(await games({ category: "new", sort: "new", count: 5 }));
    expect(answers[2]).toEqual({ items: [], count: 0 });
    expect(answers[3]).toEqual(await games({ sort: "rtp", count: 2 }));
  });
});
