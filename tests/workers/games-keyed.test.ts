import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingD1, type D1Tally } from "../../workers/d1-stats";
import { keyedQuery } from "../../workers/platform/games/keyed-page";
import { games } from "./games-helpers";

/**
 * games.get of a list of games by id or sysname answers from the cards in one statement (issue 39,
 * keyed-page.ts): the same page and total as the catalogue's tables answer, which they still do
 * while the cards are not current (here: the catalogue marked changed since the ranks were built).
 */
async function fromTables<T>(work: () => Promise<T>): Promise<T> {
  await env.DB.prepare("UPDATE game_catalogue_state SET changes = ranked + 1 WHERE id = 1").run();
  try {
    return await work();
  } finally {
    await env.DB.prepare("UPDATE game_catalogue_state SET changes = ranked WHERE id = 1").run();
  }
}

describe("games.get by ids or sysnames, from the cards (issue 39)", () => {
  it("answers what the tables answer: every order but name, pages, duplicates, unknown keys, another locale", async () => {
    // Ranks built (the first ranked read rebuilds them when stale).
    await games({ count: 1 });
    const popular = (await games({ count: 100 })).items;
    const sysnames = popular.slice(0, 72).map((g) => g.sysname);
    const ids = popular.slice(10, 50).map((g) => g.id);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ sysnames, count: sysnames.length }, {}],
      [{ sysnames: [...sysnames].reverse(), count: 24, offset: 24, sort: "new" }, {}],
      [{ sysnames: [...sysnames, sysnames[0], "no_such_game"], count: 10, offset: 65, sort: "rtp" }, {}],
      [{ ids, count: 100 }, {}],
      [{ ids: [...ids, 999_999_999], count: 7, offset: 3, sort: "rtp" }, {}],
      [{ sysnames: sysnames.slice(0, 30), count: 30 }, { locale: "es" }],
      [{ sysnames: ["no_such_game"], count: 5 }, {}],
    ];
    for (const [options, query] of cases) {
      const kept = await games(options, query);
      const tables = await fromTables(() => games(options, query));
      expect(kept, JSON.stringify(options)).toEqual(tables);
    }
    expect((await games({ sysnames, count: 72 })).items).toHaveLength(72);
  });

  it("reads about two rows a listed game, in one statement", async () => {
    await games({ count: 1 });
    const sysnames = (await games({ count: 72 })).items.map((g) => g.sysname);
    const q = keyedQuery({ sysnames, count: 72, offset: 0 }, "en", "en")!;
    const tally: D1Tally = { rowsRead: 0, rowsWritten: 0, queries: 0 };
    const { results } = await countingD1(env.DB, tally)
      .prepare(q.sql)
      .bind(...q.binds)
      .all();
    expect(results).toHaveLength(73);
    expect(tally.queries).toBe(1);
    expect(tally.rowsRead).toBeLessThanOrEqual(2 * 72 + 2);
  });

  it("leaves a search, a category, providers or the name order to the tables' path", () => {
    for (const extra of [{ search: "gold" }, { category: "slots" }, { providers: ["bluefin"] }, { sort: "name" }, { ids: [1] }])
      expect(keyedQuery({ sysnames: ["golden_phoenix"], count: 5, offset: 0, ...extra } as never, "en", "en")).toBeNull();
  });
});
