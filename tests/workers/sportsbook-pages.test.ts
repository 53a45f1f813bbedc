import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingD1, type D1Tally } from "../../workers/d1-stats";
import { readEvents } from "../../workers/platform/sportsbook/read";
import { data, get } from "./helpers";
import { makeEvent, setEvent, setMarket, setOdds, settleMarket } from "./sportsbook-helpers";

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
    expect(tally.queries).toBe(2);
    // The page's 5 events twice (live and prematch ranges) with their league and sport, the index
    // count, and the 5 events' main markets kept as one row each: well under what every open event costs.
    expect(tally.rowsRead).toBeLessThan(open + 5 * 3 * 2 + 5 * 12);
    expect(tally.rowsRead).toBeLessThan(open + 5 * 3 * 2 + 5 * 2);
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

  it("keeps each event's main markets as one row equal to its markets and selections, through odds, statuses, results, moves and removals (migration 0068)", async () => {
    // Every event's main markets as the rows add them up (the statement getEvents ran before 0068).
    const brute = async () =>
      (
        await env.DB.prepare(
          `SELECT m.event_id, m.id AS market_id, m.kind, m.line, m.status, m.position AS mp, s.id, s.outcome, s.odds, s.result, s.position AS sp
           FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
           WHERE m.is_main = 1 AND m.status IN ('open', 'suspended') ORDER BY m.event_id, m.position, m.id, s.position, s.id`,
        ).all<Record<string, unknown>>()
      ).results.map((r) => [r.event_id, r.market_id, r.kind, r.line, r.status, r.mp, r.id, r.outcome, r.odds, r.result, r.sp]);
    const kept = async () => {
      const rows = (await env.DB.prepare("SELECT event_id, markets FROM sport_event_main ORDER BY event_id").all<{ event_id: number; markets: string }>())
        .results;
      return rows
        .flatMap((r) => (JSON.parse(r.markets) as unknown[][]).map((item) => [r.event_id, ...item]))
        .sort(
          (a, b) =>
            (a[0] as number) - (b[0] as number) ||
            (a[5] as number) - (b[5] as number) ||
            (a[1] as number) - (b[1] as number) ||
            (a[10] as number) - (b[10] as number) ||
            (a[6] as number) - (b[6] as number),
        );
    };
    const a = await makeEvent({
      markets: [{ odds: [200, 340, 380] }, { kind: "total", odds: [190, 195] }, { kind: "handicap", odds: [180, 210], is_main: true }],
    });
    const b = await makeEvent({ status: "live", markets: [{ odds: [150, 260] }, { kind: "total", odds: [170, 215], status: "suspended", is_main: true }] });
    const c = await makeEvent({ markets: [] });
    expect(await kept()).toEqual(await brute());
    await setOdds(a.markets[0]!.selections[1]!, 777);
    await setOdds(b.markets[1]!.selections[0]!, 123_456_789_012);
    await setMarket(a.markets[2]!.id, "suspended");
    await setMarket(b.markets[1]!.id, "open");
    await settleMarket(a.markets[0]!, ["win", "lose", "lose"]);
    await env.DB.prepare("UPDATE sport_markets SET is_main = 1, position = 9 WHERE id = ?1").bind(a.markets[1]!.id).run();
    await env.DB.prepare("UPDATE sport_selections SET position = 5 WHERE id = ?1").bind(b.markets[0]!.selections[0]!).run();
    // A market moved to another event, a selection to another market, removals.
    await env.DB.prepare("UPDATE sport_markets SET event_id = ?2 WHERE id = ?1").bind(a.markets[2]!.id, c.id).run();
    await env.DB.prepare("UPDATE sport_selections SET market_id = ?2 WHERE id = ?1").bind(b.markets[1]!.selections[1]!, a.markets[2]!.id).run();
    await env.DB.prepare("DELETE FROM sport_selections WHERE id = ?1").bind(b.markets[0]!.selections[1]!).run();
    expect(await kept()).toEqual(await brute());
    // getEvents answers the rows: each event's markets and selections, in their order, with their odds.
    const whole = await data(get("sportsbook/getEvents", { count: 100 }));
    const want = await brute();
    for (const e of whole.items as {
      id: number;
      markets: { id: number; status: string; selections: { id: number; odds: number; result: string | null }[] }[];
    }[]) {
      const got = e.markets.flatMap((m) => m.selections.map((s) => [m.id, m.status, s.id, s.odds, s.result]));
      expect(got).toEqual(want.filter((r) => r[0] === e.id).map((r) => [r[1], r[4], r[6], r[8], r[9]]));
    }
    expect(whole.items.some((e: { id: number }) => e.id === c.id)).toBe(true);
  });
});
