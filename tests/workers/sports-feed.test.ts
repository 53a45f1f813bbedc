import { env } from "cloudflare:workers";
import { createExecutionContext, createScheduledController, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { buildScript } from "../../workers/platform/sportsbook/feed-script";
import { loadEvent } from "../../workers/platform/sportsbook/feed-apply";
import { type SportsFeed, sportsFeed } from "../../workers/realtime/sports-feed";
import { ORIGIN, send } from "./helpers";
import { demo, ensureLeague, newEvent, openFeed, step } from "./sports-feed-helpers";

// The sportsbook feed (decision 0072-sportsbook-feed): the demo hooks create a test's own event and
// step it through the SportsFeed object — the same applyStep the clock uses — which writes D1 and
// broadcasts sports.event on /realtime/sports, at most once a second per event.

let league = "";
beforeAll(async () => {
  league = await ensureLeague("football", 1);
  await ensureLeague("basketball", 0);
});

const selections = (ev: { markets: any[] }) => ev.markets.flatMap((m) => m.selections);
const dbSelections = (eventId: number) =>
  env.DB.prepare(
    "SELECT x.id, x.odds, x.result, m.status FROM sport_selections x JOIN sport_markets m ON m.id = x.market_id WHERE m.event_id = ? ORDER BY m.position, x.position",
  )
    .bind(eventId)
    .all<{ id: number; odds: number; result: string | null; status: string }>()
    .then((r) => r.results);

describe("demo events", () => {
  it("a fresh football event has match result (main), total 2.5 and handicap −1.5 with sane odds", async () => {
    const ev = await newEvent({ league });
    expect(ev.markets.map((m) => [m.kind, m.line, m.selections.map((s: any) => s.outcome)])).toEqual([
      ["match_result", null, ["home", "draw", "away"]],
      ["total", 250, ["over", "under"]],
      ["handicap", -150, ["home", "away"]],
    ]);
    for (const s of selections(ev)) expect(s.odds).toBeGreaterThan(100);
    const row = await env.DB.prepare("SELECT status, autoplay, home <> away AS two_teams, step, version FROM sport_events WHERE id = ?")
      .bind(ev.event_id)
      .first();
    expect(row).toEqual({ status: "prematch", autoplay: 0, two_teams: 1, step: 0, version: 0 });
  });

  it("a basketball event has no draw; a live one starts at 0–0", async () => {
    const ev = await newEvent({ league: "feed-test-basketball", status: "live" });
    expect(ev.markets.map((m) => [m.kind, m.line, m.selections.length])).toEqual([
      ["match_result", null, 2],
      ["total", 21050, 2],
    ]);
    const e = await loadEvent(env.DB, ev.event_id);
    expect([e!.status, e!.score_home, e!.score_away, e!.minute]).toEqual(["live", 0, 0, 0]);
  });
});

describe("steps", () => {
  it("odds, suspend and resume, live and score change what players see, each a new version", async () => {
    const ev = await newEvent({ league });
    const [home] = selections(ev);
    const market = ev.markets[0].id;
    let s = await step(ev.event_id, { type: "odds", selection_id: home.id, odds: 333 });
    expect(s).toMatchObject({ event_id: ev.event_id, version: 1, status: "prematch", score: null, minute: null });
    expect(s.markets[0].selections[0]).toEqual({ id: home.id, odds: 333, result: null });
    s = await step(ev.event_id, { type: "suspend", market_id: market });
    expect([s.version, s.markets[0].status, s.markets[1].status]).toEqual([2, "suspended", "open"]);
    s = await step(ev.event_id, { type: "resume", market_id: market });
    expect([s.version, s.markets[0].status]).toEqual([3, "open"]);
    s = await step(ev.event_id, { type: "live" });
    expect(s).toMatchObject({ version: 4, status: "live", score: { home: 0, away: 0 }, minute: 0 });
    s = await step(ev.event_id, { type: "score", home: 1, away: 0 });
    expect(s).toMatchObject({ version: 5, status: "live", score: { home: 1, away: 0 } });
    expect((await dbSelections(ev.event_id))[0]!.odds).toBe(333);
  });

  it("finish settles every market by the result rules; an equal line is void; then no more steps (409)", async () => {
    const ev = await newEvent({ league });
    // Make the total a whole line (3.0) so 2–1 lands on it.
    await env.DB.prepare("UPDATE sport_markets SET line = 300 WHERE id = ?").bind(ev.markets[1].id).run();
    await step(ev.event_id, { type: "suspend", market_id: ev.markets[2].id });
    const s = await step(ev.event_id, { type: "finish", home: 2, away: 1 });
    expect(s).toMatchObject({ status: "finished", score: { home: 2, away: 1 }, minute: null });
    expect(s.markets.map((m: any) => [m.status, m.selections.map((x: any) => x.result)])).toEqual([
      ["settled", ["win", "lose", "lose"]],
      ["void", ["void", "void"]],
      // Suspended at the end, settled like any other: 2−1 −1.5 < 0, the away side wins.
      ["settled", ["lose", "win"]],
    ]);
    expect((await dbSelections(ev.event_id)).map((r) => r.result)).toEqual(["win", "lose", "lose", "void", "void", "lose", "win"]);
    const again = await demo(`events/${ev.event_id}/step`, { type: "next" });
    expect(again.status).toBe(409);
    expect((await again.json<any>()).error.message).toMatch(/finished/);
  });

  it("cancel voids every market and selection", async () => {
    const ev = await newEvent({ league, status: "live" });
    const s = await step(ev.event_id, { type: "cancel" });
    expect(s.status).toBe("cancelled");
    expect(s.markets.every((m: any) => m.status === "void" && m.selections.every((x: any) => x.result === "void"))).toBe(true);
    expect((await demo(`events/${ev.event_id}/step`, { type: "live" })).status).toBe(409);
  });

  it("'next' plays the event's own script to the end, exactly as the script says", async () => {
    const ev = await newEvent({ league });
    const e = (await loadEvent(env.DB, ev.event_id))!;
    const script = buildScript({ seed: e.script, sport: "football", hasDraw: true, markets: e.markets });
    let s: any;
    for (let i = 0; i < script.length; i++) s = await step(ev.event_id, { type: "next" });
    const fin = script.at(-1) as { home: number; away: number };
    expect(s).toMatchObject({ status: "finished", score: { home: fin.home, away: fin.away }, version: script.length });
    expect(await env.DB.prepare("SELECT step FROM sport_events WHERE id = ?").bind(ev.event_id).first("step")).toBe(script.length);
    expect((await demo(`events/${ev.event_id}/step`, { type: "next" })).status).toBe(409);
  });
});

describe("bad input", () => {
  it("answers 400 with a clear message, 404 for an unknown event", async () => {
    const ev = await newEvent({ league });
    const other = await newEvent({ league });
    const cases: [string, unknown, number, RegExp][] = [
      [`events/${ev.event_id}/step`, "{not json", 400, /JSON/],
      [`events/${ev.event_id}/step`, { type: "jump" }, 400, /type is one of/],
      [`events/${ev.event_id}/step`, { type: "odds", selection_id: selections(ev)[0].id, odds: 100 }, 400, /at least 101/],
      [`events/${ev.event_id}/step`, { type: "odds", selection_id: selections(ev)[0].id, odds: 1.5 }, 400, /whole/],
      [`events/${ev.event_id}/step`, { type: "score", home: -1, away: 0 }, 400, /home/],
      [`events/${ev.event_id}/step`, { type: "odds", selection_id: selections(other)[0].id, odds: 200 }, 400, /not one of event/],
      [`events/${ev.event_id}/step`, { type: "suspend", market_id: other.markets[0].id }, 400, /not one of event/],
      [`events/abc/step`, { type: "next" }, 400, /event id/],
      [`events/0/step`, { type: "next" }, 400, /event id/],
      [`events/99999999/step`, { type: "next" }, 404, /No sport event/],
      ["events", { status: "finished" }, 400, /status/],
      ["events", { league: "no-such-league" }, 404, /No league/],
      ["events", "[", 400, /JSON/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await demo(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect((await res.json<any>()).error.message, path).toMatch(message);
    }
    // Nothing of that moved the event.
    expect(await env.DB.prepare("SELECT version FROM sport_events WHERE id = ?").bind(ev.event_id).first("version")).toBe(0);
  });
});

describe("/realtime/sports", () => {
  it("refuses a non-upgrade (426) and another site's page (403)", async () => {
    expect((await send(`${ORIGIN}/realtime/sports`, { headers: { origin: ORIGIN } })).status).toBe(426);
    expect((await send(`${ORIGIN}/realtime/sports`, { headers: { upgrade: "websocket", origin: "https://evil.example" } })).status).toBe(403);
  });

  it("a listener gets the event's full state after a demo step", async () => {
    const feed = await openFeed();
    const ev = await newEvent({ league, status: "live" });
    const s = await step(ev.event_id, { type: "score", home: 0, away: 1 });
    await runDurableObjectAlarm(sportsFeed(env));
    const m = await feed.next(ev.event_id);
    expect(m).toMatchObject({ event: "sports.event", data: s });
    expect(m.data.markets).toHaveLength(3);
    feed.ws.close(1000);
  });

  it("two steps in one burst go out as one message with the latest version", async () => {
    const feed = await openFeed();
    const ev = await newEvent({ league, status: "live" });
    const [sel] = selections(ev);
    const stub = sportsFeed(env);
    await runInDurableObject(stub, async (feedObject: SportsFeed, state) => {
      // Nothing else (the alarm included) runs on the object until both steps are in.
      await state.blockConcurrencyWhile(async () => {
        await feedObject.step(ev.event_id, { type: "odds", changes: [{ selection_id: sel.id, odds: 250 }] });
        await feedObject.step(ev.event_id, { type: "odds", changes: [{ selection_id: sel.id, odds: 260 }] });
      });
    });
    await runDurableObjectAlarm(stub);
    const first = await feed.next(ev.event_id);
    expect(first.data.version).toBe(2);
    expect(first.data.markets[0].selections[0].odds).toBe(260);
    // The next step's message follows (no older version came in between).
    await step(ev.event_id, { type: "odds", selection_id: sel.id, odds: 270 });
    const second = await feed.next(ev.event_id);
    expect(second.data.version).toBe(3);
    expect(second.ts - first.ts).toBeGreaterThanOrEqual(1000);
    expect(feed.pending(ev.event_id)).toBe(0);
    feed.ws.close(1000);
  });
});

describe("the clock", () => {
  it("advances an autoplay event by its due steps and tops leagues up to 3 open events", async () => {
    const stub = sportsFeed(env);
    // An autoplay event that kicked off 3 minutes ago (made as the hook makes one, then handed to the clock).
    const ev = await newEvent({ league, starts_in_ms: -180_000 });
    await env.DB.prepare("UPDATE sport_events SET autoplay = 1 WHERE id = ?").bind(ev.event_id).run();
    const e = (await loadEvent(env.DB, ev.event_id))!;
    const script = buildScript({ seed: e.script, sport: "football", hasDraw: true, markets: e.markets });
    const now = Date.now();
    const due = script.filter((s) => e.starts_at + s.at <= now);
    const minute = due.reduce((m, s) => (s.type === "score" ? s.minute! : m), 0);
    await runInDurableObject(stub, async (feedObject: SportsFeed) => {
      await (feedObject as any).runClock(now);
    });
    const after = (await loadEvent(env.DB, ev.event_id))!;
    expect(after.step).toBe(due.length);
    expect(after.status).toBe("live");
    expect(after.minute).toBe(minute);
    expect(minute).toBeGreaterThanOrEqual(2);
    const open = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM sport_events e JOIN sport_leagues l ON l.id = e.league_id WHERE l.sysname = 'feed-test-basketball' AND e.status IN ('prematch', 'live')",
    ).first("n");
    expect(open).toBeGreaterThanOrEqual(3);
  });

  it("scheduled() pokes the feed so its alarm chain runs", async () => {
    const stub = sportsFeed(env);
    await runInDurableObject(stub, (_o: SportsFeed, state) => state.storage.deleteAlarm());
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await runInDurableObject(stub, (_o: SportsFeed, state) => state.storage.getAlarm())).not.toBeNull();
  });
});
