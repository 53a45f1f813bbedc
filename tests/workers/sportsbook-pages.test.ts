import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingD1, type D1Tally } from "../../workers/d1-stats";
import { readEvents } from "../../workers/platform/sportsbook/read";
import { data, get } from "./helpers";
import { makeEvent, setEvent } from "./sportsbook-helpers";

/**
 * getEvents reads its page, not every open event (issue 39): each status an index range of
 * offset + count. Its pages, joined, must be the whole list in the same order, with the same total.
 */
const FILTERS: Record<string, string | number>[] = [
  {},
  { status: "live" },
  { status: "prematch" },
  { sport: "football" },
  { league_id: 2 },
  { sport: "tennis", status: "prematch" },
];

describe("sportsbook.getEvents pages (issue 39)", () => {
  it.each(FILTERS)("pages of 1, 3 and 7 join into the whole list, the total on every page: %o", async (filter) => {
    const whole = await data(get("sportsbook/getEvents", { ...filter, count: 100 }));
    expect(whole.items.length).toBe(whole.count);
    for (const size of [1, 3, 7]) {
      const joined: unknown[] = [];
      for (let offset = 0; offset < whole.count + size; offset += size) {
        const page = await data(get("sportsbook/getEvents", { ...filter, offset, count: size }));
        expect(page.count).toBe(whole.count);
        joined.push(...page.items);
      }
      expect(joined).toEqual(whole.items);
    }
  });

  it("a 20-event page reads its own events and their main markets, not the whole board", async () => {
    const tally: D1Tally = { rowsRead: 0, rowsWritten: 0, queries: 0 };
    const db = countingD1(env.DB, tally);
    const open = (await env.DB.prepare("SELECT COUNT(*) AS n FROM sport_events WHERE status IN ('live', 'prematch')").first<number>("n"))!;
    const page = await readEvents({ db, locale: "en", defaultLocale: "en" }, { status: "all", offset: 0, count: 5 });
    expect(page.count).toBe(open);
    expect(page.items).toHaveLength(Math.min(5, open));
    expect(tally.queries).toBe(3);
    // The page's 5 events twice (live and prematch ranges) with their league and sport, the index
    // count, and the 5 events' markets and selections: well under what every open event costs.
    expect(tally.rowsRead).toBeLessThan(open + 5 * 3 * 2 + 5 * 12);
  });

  it("counts the open events per league and status as the events are made, start, end and move (migration 0067)", async () => {
    const counted = async () =>
      (
        await env.DB.prepare(
          `SELECT l.id, (SELECT COUNT(*) FROM sport_events e WHERE e.league_id = l.id AND e.status = 'live') AS live,
             (SELECT COUNT(*) FROM sport_events e WHERE e.league_id = l.id AND e.status = 'prematch') AS prematch
           FROM sport_leagues l ORDER BY l.id`,
        ).all<{ id: number; live: number; prematch: number }>()
      ).results;
    const made = [await makeEvent({ league: 1 }), await makeEvent({ league: 2, status: "live" }), await makeEvent({ league: 1, status: "finished" })];
    await setEvent(made[0]!.id, "live");
    await setEvent(made[1]!.id, "finished");
    await setEvent(made[2]!.id, "prematch");
    await env.DB.prepare("UPDATE sport_events SET league_id = 3 WHERE id = ?1").bind(made[0]!.id).run();
    const want = await counted();
    const kept = (await env.DB.prepare("SELECT league_id AS id, live, prematch FROM sport_league_events ORDER BY league_id").all()).results;
    expect(kept.filter((r) => want.some((w) => w.id === r.id))).toEqual(want);
    // What getSports and getEvents answer is what the events add up to.
    const sports = await data(get("sportsbook/getSports"));
    for (const sport of sports.items)
      for (const l of sport.leagues) {
        const w = want.find((x) => x.id === l.id)!;
        expect(l.events_count).toBe(w.live + w.prematch);
      }
    const all = want.reduce((n, w) => n + w.live + w.prematch, 0);
    expect((await data(get("sportsbook/getEvents", { count: 1 }))).count).toBe(all);
    expect((await data(get("sportsbook/getEvents", { count: 1, status: "live" }))).count).toBe(want.reduce((n, w) => n + w.live, 0));
    expect((await data(get("sportsbook/getEvents", { count: 1, league_id: 1, status: "prematch" }))).count).toBe(want.find((w) => w.id === 1)!.prematch);
  });
});
