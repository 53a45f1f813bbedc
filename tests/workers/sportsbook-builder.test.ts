import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { jointChance } from "../../workers/platform/sportsbook/builder-price";
import { DEFAULT_BUILDER_MARGIN } from "../../workers/platform/sportsbook/builder";
import { MARGIN, profileOf } from "../../workers/platform/sportsbook/feed-odds";
import { strengthAt } from "../../workers/platform/sportsbook/feed-script";
import { data, failure, get } from "./helpers";
import { ensureLeague, newEvent, step } from "./sports-feed-helpers";

// sportsbook.priceBuilder (issue 42, decision 0102): a bet builder priced from the state the feed
// priced the event's own markets with.

let league = "";
beforeAll(async () => {
  league = await ensureLeague("football", 1);
});

const quote = (event_id: number, legs: string) => get("sportsbook/priceBuilder", { event_id, legs });
const scriptOf = async (eventId: number) =>
  (await env.DB.prepare("SELECT script, score_home, score_away, minute FROM sport_events WHERE id = ?1").bind(eventId).first<{
    script: number;
    score_home: number | null;
    score_away: number | null;
    minute: number | null;
  }>())!;

describe("sportsbook.priceBuilder", () => {
  it("prices the legs together from the feed's own state: each leg's chance is the one its market's odds were made from", async () => {
    const ev = await newEvent({ league });
    // The four pre-match moves, kick-off, then ten minutes of play.
    for (let i = 0; i < 15; i++) await step(ev.event_id, { type: "next" });
    const board = await data(get("sportsbook/getEvent", { event_id: ev.event_id }));
    const odds = (kind: string, outcome: string) => board.markets.find((m: any) => m.kind === kind).selections.find((s: any) => s.outcome === outcome).odds;

    const q = await data(quote(ev.event_id, "result:home,total:over:250"));
    // The board's odds are the model's chances with the feed's margin, rounded to hundredths.
    expect(q.legs[0].chance).toBeCloseTo(100 / (odds("match_result", "home") * MARGIN), 2);
    expect(q.legs[1].chance).toBeCloseTo(100 / (odds("total", "over") * MARGIN), 2);
    // The joint chance is the model's, from the same state.
    const e = await scriptOf(ev.event_id);
    const state = { d: strengthAt(e.script, 4), home: e.score_home ?? 0, away: e.score_away ?? 0, minute: e.minute ?? 0 };
    const { joint } = jointChance(profileOf("football"), true, state, [
      { kind: "match_result", outcome: "home" },
      { kind: "total", line: 250, outcome: "over" },
    ]);
    expect(q.chance).toBeCloseTo(joint, 10);
    expect(q).toMatchObject({
      event_id: ev.event_id,
      legs: [{ leg: "result:home" }, { leg: "total:over:250" }],
      fair_odds: Math.round(100 / joint),
      odds: Math.round(100 / (joint * DEFAULT_BUILDER_MARGIN)),
      margin: DEFAULT_BUILDER_MARGIN,
    });
    expect(q.independent_odds).not.toBe(q.fair_odds);
  });

  it("offers the operator's builder margin", async () => {
    const ev = await newEvent({ league });
    await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('sportsbook', ?1) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .bind(JSON.stringify({ builder_margin: 1.25 }))
      .run();
    try {
      const q = await data(quote(ev.event_id, "btts:yes,result:draw"));
      expect(q.margin).toBe(1.25);
      expect(q.odds).toBe(Math.round(100 / (q.chance * 1.25)));
    } finally {
      await env.DB.prepare("DELETE FROM settings WHERE key = 'sportsbook'").run();
    }
  });

  it("refuses legs that cannot be a builder, with the reason", async () => {
    const ev = await newEvent({ league });
    for (const [legs, code] of [
      ["result:home,score:0-0", "contradictory"],
      ["total:over:350,total:under:250", "contradictory"],
      ["result:home,score:2-1", "leg_adds_nothing"],
      ["result:home", "leg_count"],
      ["result:home,result:home", "duplicate_leg"],
      ["result:home,total:over:200", "line_can_push"],
    ] as const) {
      const e = await failure(quote(ev.event_id, legs), 400, "InvalidParameterException");
      expect(e.params?.code, legs).toBe(code);
      expect(e.invalid_parameters?.legs?.[0], legs).toBeTruthy();
    }
  });

  it("refuses bad input, an unknown event, and an event that takes no bets now", async () => {
    const ev = await newEvent({ league });
    for (const legs of ["", "result:win", "total:over", "score:2:1", "result:home;btts:yes", "x".repeat(401)]) {
      const e = await failure(quote(ev.event_id, legs), 400, "InvalidParameterException");
      expect(e.invalid_parameters?.legs, legs).toBeTruthy();
    }
    expect(
      (await failure(get("sportsbook/priceBuilder", { event_id: "abc", legs: "result:home,btts:yes" }), 400, "InvalidParameterException")).invalid_parameters
        ?.event_id,
    ).toBeTruthy();
    expect((await failure(quote(999_999_999, "result:home,btts:yes"), 404, "InvalidParameterException")).params?.code).toBe("unknown_event");
    // A goal suspends the markets: no price until they reopen.
    await step(ev.event_id, { type: "suspend", market_id: ev.markets[0].id });
    expect((await failure(quote(ev.event_id, "result:home,btts:yes"), 409, "InvalidParameterException")).params?.code).toBe("event_closed");
    await env.DB.prepare("UPDATE sport_events SET status = 'finished' WHERE id = ?1").bind(ev.event_id).run();
    expect((await failure(quote(ev.event_id, "result:home,btts:yes"), 409, "InvalidParameterException")).params?.code).toBe("event_closed");
  });
});
