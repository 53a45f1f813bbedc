import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tournamentQuery } from "../../workers/platform/games/tournament-page";
import { rebuildRanks } from "../../workers/platform/games/ranks";
import { data, failure, get } from "./helpers";
import { games } from "./games-helpers";

/**
 * A tournament's gamehall pages its games as an index range (migration 0070, issue 39): games.get's
 * `tournament` option answers the tournament's games most popular first, 12 a page, reading about
 * the page's rows whatever the tournament's size, and the same games in the same order as the
 * tournament's own list (tournaments.get `games`) and as the tables when the cards are stale.
 */
const TOURNAMENT = 9001;
const stale = () => env.DB.prepare("UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1").run();

/** A tournament over every game of the catalogue (a few thousand). */
async function wholeCatalogueTournament(id = TOURNAMENT): Promise<number> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO tournaments (id, sysname, status, starts_at, ends_at, scoring, texts)
       VALUES (?1, 'everything-' || ?1, 'active', ?2, ?3, 'rounds', '{"en":{"title":"Everything"}}') ON CONFLICT (id) DO NOTHING`,
    ).bind(id, Date.now() - 60_000, Date.now() + 86_400_000),
    env.DB.prepare("INSERT OR IGNORE INTO tournament_games (tournament_id, game_id) SELECT ?1, id FROM games").bind(id),
  ]);
  await rebuildRanks(env.DB);
  return id;
}

const listed = async (id: number): Promise<string[]> => (await data(get("tournaments/get", { ids: String(id), fields: "games" }))).items[0].games;

describe("games.get of a tournament's games", { timeout: 30_000 }, () => {
  it("answers a page in the tournament's popularity order with its games count, first and deep pages alike", async () => {
    const id = await wholeCatalogueTournament();
    const all = await listed(id);
    expect(all.length).toBeGreaterThan(3000);
    for (const offset of [0, 12, all.length - 5]) {
      const page = await games({ tournament: id, offset, count: 12 });
      expect(page.count).toBe(all.length);
      expect(page.items.map((g: { sysname: string }) => g.sysname)).toEqual(all.slice(offset, offset + 12));
    }
  });

  it("reads the page's rows, not the tournament's: a range of the ordered copy and the page's cards", async () => {
    const id = await wholeCatalogueTournament();
    const q = tournamentQuery({ tournament: id, offset: 0, count: 12 }, "es", "en")!;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
      .bind(...q.binds)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).not.toMatch(/USE TEMP B-TREE/);
    const run = await env.DB.prepare(q.sql)
      .bind(...q.binds)
      .all();
    expect(run.results).toHaveLength(13);
    // 12 index entries, their games and cards (up to three tries a card), the meta row: not thousands.
    expect(run.meta.rows_read).toBeLessThan(100);
  });

  it("follows the catalogue: a game made most popular leads, a game taken out leaves, and the tables agree while the cards are stale", async () => {
    const id = await wholeCatalogueTournament(TOURNAMENT + 1);
    const before = await listed(id);
    const last = before.at(-1)!;
    const gone = before[0]!;
    await env.DB.batch([
      env.DB.prepare("UPDATE games SET popularity = (SELECT MAX(popularity) + 1 FROM games) WHERE sysname = ?1").bind(last),
      env.DB.prepare("DELETE FROM tournament_games WHERE tournament_id = ?1 AND game_id = (SELECT id FROM games WHERE sysname = ?2)").bind(id, gone),
    ]);
    // The popularity change leaves the cards stale: the tables answer.
    const fromTables = await games({ tournament: id, count: 12 });
    await rebuildRanks(env.DB);
    const fromIndex = await games({ tournament: id, count: 12 });
    const now = await listed(id);
    expect(now[0]).toBe(last);
    expect(now).not.toContain(gone);
    expect(fromIndex.items.map((g: { sysname: string }) => g.sysname)).toEqual(now.slice(0, 12));
    expect(fromIndex).toEqual(fromTables);
    expect(fromIndex.count).toBe(before.length - 1);
  });

  it("combines with the other options through the tables", async () => {
    const id = await wholeCatalogueTournament(TOURNAMENT + 2);
    const named = await games({ tournament: id, sort: "name", category: "slots", count: 30, offset: 10 });
    const slots = await games({ sort: "name", category: "slots", count: 30, offset: 10 });
    expect(named).toEqual(slots);
    const small = (await data(get("tournaments/get", { ids: "1", fields: "games" }))).items[0];
    const sprint = await games({ tournament: 1, sort: "new", count: 100 });
    expect(sprint.count).toBe(small.games_count);
    expect(new Set(sprint.items.map((g: { sysname: string }) => g.sysname))).toEqual(new Set(small.games));
  });

  it("refuses an unknown tournament and a tournament that is not an id", async () => {
    await stale();
    for (const [options, pattern] of [
      ['{"tournament":424242}', /unknown tournament 424242/],
      ['{"tournament":0}', /tournament must be a tournament id/],
      ['{"tournament":"1"}', /tournament must be a tournament id/],
      ['{"tournament":1.5}', /tournament must be a tournament id/],
    ] as const) {
      const e = await failure(get("games/get", { options }), 400, "InvalidParameterException");
      expect(e.invalid_parameters?.options?.join(" ")).toMatch(pattern);
    }
    await rebuildRanks(env.DB);
    const e = await failure(get("games/get", { options: '{"tournament":424242}' }), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.options?.join(" ")).toMatch(/unknown tournament 424242/);
  });
});
