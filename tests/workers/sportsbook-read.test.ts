import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { data, failure, get } from "./helpers";
import { games } from "./games-helpers";
import { makeEvent, setEvent } from "./sportsbook-helpers";

/** The sportsbook's reads (decision 0049): the seed, getSports, getEvents, getEvent, getSelections, labels per locale. */

describe("the seeded sportsbook", () => {
  it("has four sports, six leagues, 24+ events (4 live, started 20–60 min ago; the rest 1 h to 5 days ahead) with realistic odds", async () => {
    const { items } = await data(get("sportsbook/getSports"));
    expect(items.map((s: { sysname: string }) => s.sysname)).toEqual(["football", "basketball", "tennis", "ice-hockey"]);
    expect(items.map((s: { leagues: unknown[] }) => s.leagues.length)).toEqual([2, 2, 1, 1]);
    const events = (
      await env.DB.prepare("SELECT status, starts_at, autoplay FROM sport_events WHERE id < 1000").all<{
        status: string;
        starts_at: number;
        autoplay: number;
      }>()
    ).results;
    expect(events.length).toBeGreaterThanOrEqual(24);
    const now = Date.now();
    const live = events.filter((e) => e.status === "live");
    expect(live).toHaveLength(4);
    for (const e of live) expect(now - e.starts_at).toBeGreaterThanOrEqual(20 * 60_000 - 60_000);
    for (const e of live) expect(now - e.starts_at).toBeLessThanOrEqual(60 * 60_000 + 60_000);
    for (const e of events.filter((x) => x.status === "prematch")) {
      expect(e.starts_at - now).toBeGreaterThan(50 * 60_000);
      expect(e.starts_at - now).toBeLessThanOrEqual(5 * 86_400_000);
    }
    expect(events.every((e) => e.autoplay === 1)).toBe(true);
    // Every market's book has a margin of about 5 %: Σ 1/odds between 1.02 and 1.10.
    const books = await env.DB.prepare("SELECT SUM(10000.0 / odds) / 100 AS book FROM sport_selections WHERE market_id < 10000 GROUP BY market_id").all<{
      book: number;
    }>();
    for (const b of books.results) {
      expect(b.book).toBeGreaterThan(1.02);
      expect(b.book).toBeLessThan(1.1);
    }
    // Basketball and tennis have no draw outcome.
    const draws = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM sport_selections s JOIN sport_markets m ON m.id = s.market_id JOIN sport_events e ON e.id = m.event_id
       JOIN sport_leagues l ON l.id = e.league_id WHERE l.has_draw = 0 AND s.outcome = 'draw'`,
    ).first<number>("n");
    expect(draws).toBe(0);
  });

  it("puts the sportsbook pseudo-game back in the catalogue, in the 'sport' category", async () => {
    const { items } = await games({ sysnames: ["sportsbook"] });
    expect(items).toHaveLength(1);
    expect((await games({ category: "sport" })).items.map((g) => g.sysname)).toEqual(["sportsbook"]);
    expect(items[0]).toMatchObject({ sysname: "sportsbook", is_sportsbook: true });
    expect(items[0].categories).toContain("sport");
  });
});

describe("sportsbook reads", () => {
  it("getSports counts the events not finished per league and sport", async () => {
    const before = await data(get("sportsbook/getSports"));
    const football = (x: any) => x.items.find((s: any) => s.sysname === "football");
    await makeEvent();
    const finished = await makeEvent();
    await setEvent(finished.id, "finished");
    const after = await data(get("sportsbook/getSports"));
    expect(football(after).events_count).toBe(football(before).events_count + 1);
    expect(football(after).leagues[0].events_count).toBe(football(before).leagues[0].events_count + 1);
    expect(football(after).title).toBe("Football");
    expect(football(await data(get("sportsbook/getSports", { locale: "es" }))).title).toBe("Fútbol");
  });

  it("getEvents lists live first then by start time, with main markets only, filtered by sport, league and status", async () => {
    const { items, count } = await data(get("sportsbook/getEvents", { count: 100 }));
    expect(items.length).toBe(count);
    const firstPrematch = items.findIndex((e: any) => e.status === "prematch");
    expect(items.slice(0, firstPrematch).every((e: any) => e.status === "live")).toBe(true);
    const prematch = items.slice(firstPrematch);
    expect(prematch.every((e: any) => e.status === "prematch")).toBe(true);
    expect(prematch.map((e: any) => e.starts_at)).toEqual([...prematch.map((e: any) => e.starts_at)].sort((a, b) => a - b));
    for (const e of items) expect(e.markets.every((m: any) => m.kind === "match_result")).toBe(true);
    const live = await data(get("sportsbook/getEvents", { status: "live" }));
    expect(live.items.every((e: any) => e.status === "live" && e.minute !== null && e.score !== null)).toBe(true);
    const tennis = await data(get("sportsbook/getEvents", { sport: "tennis" }));
    expect(tennis.count).toBeGreaterThan(0);
    expect(tennis.items.every((e: any) => e.sport === "tennis" && e.markets[0].selections.length === 2)).toBe(true);
    const league = await data(get("sportsbook/getEvents", { league_id: 2 }));
    expect(league.items.every((e: any) => e.league_id === 2 && e.league === "Primera Liga")).toBe(true);
    const page = await data(get("sportsbook/getEvents", { offset: 1000 }));
    expect(page).toEqual({ items: [], count });
  });

  it("getEvents answers 404 unknown_sport / unknown_league, and 400 for bad filters", async () => {
    expect((await failure(get("sportsbook/getEvents", { sport: "curling" }), 404, "InvalidParameterException")).params).toEqual({ code: "unknown_sport" });
    expect((await failure(get("sportsbook/getEvents", { league_id: 999 }), 404, "InvalidParameterException")).params).toEqual({ code: "unknown_league" });
    await failure(get("sportsbook/getEvents", { status: "done" }), 400, "InvalidParameterException");
    await failure(get("sportsbook/getEvents", { sport: "Foot ball" }), 400, "InvalidParameterException");
    await failure(get("sportsbook/getEvents", { count: 0 }), 400, "InvalidParameterException");
    await failure(get("sportsbook/getEvents", { league_id: "x" }), 400, "InvalidParameterException");
  });

  it("getEvent answers every market with labels in the reader's locale; 404 unknown_event", async () => {
    const e = await makeEvent({
      home: "Arsenal",
      away: "Chelsea",
      markets: [{ odds: [185, 340, 420] }, { kind: "total", odds: [190, 190] }, { kind: "handicap", odds: [300, 135] }],
    });
    const en = await data(get("sportsbook/getEvent", { event_id: e.id }));
    expect(en.markets.map((m: any) => m.title)).toEqual(["Match result", "Total goals 2.5", "Handicap −1.5"]);
    expect(en.markets.map((m: any) => m.selections.map((s: any) => s.label))).toEqual([
      ["Arsenal", "Draw", "Chelsea"],
      ["Over 2.5", "Under 2.5"],
      ["Arsenal −1.5", "Chelsea +1.5"],
    ]);
    expect(en.markets[0].selections.map((s: any) => s.odds)).toEqual([185, 340, 420]);
    const es = await data(get("sportsbook/getEvent", { event_id: e.id, locale: "es" }));
    expect(es.markets.map((m: any) => m.title)).toEqual(["Resultado del partido", "Total de goles 2,5", "Hándicap −1,5"]);
    expect(es.markets[0].selections[1].label).toBe("Empate");
    const ar = await data(get("sportsbook/getEvent", { event_id: e.id, locale: "ar" }));
    expect(ar.markets[0].selections[1].label).toBe("تعادل");
    await setEvent(e.id, "finished");
    expect((await data(get("sportsbook/getEvent", { event_id: e.id }))).status).toBe("finished");
    expect((await failure(get("sportsbook/getEvent", { event_id: 987654 }), 404, "InvalidParameterException")).params).toEqual({ code: "unknown_event" });
    await failure(get("sportsbook/getEvent", {}), 400, "InvalidParameterException");
    await failure(get("sportsbook/getEvent", { event_id: "-3" }), 400, "InvalidParameterException");
  });

  it("getSelections answers the slip's current odds and states in the order asked, leaving unknown ids out", async () => {
    const e = await makeEvent({
      home: "Lions",
      away: "Tigers",
      markets: [{ odds: [150, 400, 600] }, { kind: "total", odds: [180, 200], status: "suspended" }],
    });
    const ids = [e.markets[1]!.selections[0]!, 999_999, e.markets[0]!.selections[2]!];
    const { items } = await data(get("sportsbook/getSelections", { ids: ids.join(",") }));
    expect(items).toEqual([
      {
        id: ids[0],
        event_id: e.id,
        event: "Lions – Tigers",
        event_status: "prematch",
        market_id: e.markets[1]!.id,
        market: "Total goals 2.5",
        market_status: "suspended",
        label: "Over 2.5",
        odds: 180,
        builder_leg: "total:over:250",
        sport: "football",
        score: null,
        minute: null,
        // A total pays nothing early; a match-result pick at a two-goal lead (decision 0107).
        early_payout: null,
      },
      {
        id: ids[2],
        event_id: e.id,
        event: "Lions – Tigers",
        event_status: "prematch",
        market_id: e.markets[0]!.id,
        market: "Match result",
        market_status: "open",
        label: "Tigers",
        odds: 600,
        builder_leg: "result:away",
        sport: "football",
        score: null,
        minute: null,
        early_payout: 2,
      },
    ]);
    await failure(get("sportsbook/getSelections", {}), 400, "InvalidParameterException");
    await failure(get("sportsbook/getSelections", { ids: "1,,2" }), 400, "InvalidParameterException");
    await failure(get("sportsbook/getSelections", { ids: "1,1" }), 400, "InvalidParameterException");
    await failure(get("sportsbook/getSelections", { ids: Array.from({ length: 11 }, (_, i) => i + 1).join(",") }), 400, "InvalidParameterException");
  });
});
