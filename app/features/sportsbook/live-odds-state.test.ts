import { describe, expect, it } from "vitest";
import type { SportEvent } from "../../../core/api/contract-sportsbook";
import { applySportsMessage, clearMoves, initialLive } from "./live-odds-state";

const event: SportEvent = {
  id: 7,
  sport: "football",
  league_id: 1,
  league: "Premier",
  home: "Arsenal",
  away: "Chelsea",
  starts_at: 0,
  status: "live",
  score: { home: 0, away: 0 },
  minute: 12,
  version: 3,
  markets: [
    {
      id: 70,
      kind: "match_result",
      line: null,
      status: "open",
      title: "Match result",
      selections: [
        { id: 701, outcome: "home", label: "Arsenal", odds: 185, result: null },
        { id: 702, outcome: "away", label: "Chelsea", odds: 420, result: null },
      ],
    },
  ],
};

const message = (version: number, odds: [number, number], status: "open" | "suspended" = "open") => ({
  event: "sports.event",
  ts: 1,
  data: {
    event_id: 7,
    version,
    status: "live",
    score: { home: 1, away: 0 },
    minute: 30,
    markets: [
      {
        id: 70,
        status,
        selections: [
          { id: 701, odds: odds[0], result: null },
          { id: 702, odds: odds[1], result: null },
        ],
      },
    ],
  },
});

describe("live odds state", () => {
  it("applies a newer version: odds, market status, score, and which way odds moved", () => {
    const s = applySportsMessage(initialLive([event]), message(4, [160, 500], "suspended"));
    expect(s.selections[701]).toEqual({ odds: 160, market_status: "suspended", event_id: 7 });
    expect(s.markets[70]).toBe("suspended");
    expect(s.events[7]).toMatchObject({ version: 4, score: { home: 1, away: 0 }, minute: 30 });
    expect(s.moved).toEqual({ 701: "down", 702: "up" });
    expect(clearMoves(s, [701, 702]).moved).toEqual({});
  });

  it("ignores an older or equal version and other events", () => {
    const start = initialLive([event]);
    expect(applySportsMessage(start, message(3, [100, 100]))).toBe(start);
    expect(applySportsMessage(start, message(2, [100, 100]))).toBe(start);
    expect(applySportsMessage(start, { event: "other", data: {} })).toBe(start);
    expect(applySportsMessage(start, { event: "sports.event", data: { nope: 1 } })).toBe(start);
  });

  it("starts from the page's events: every market and selection, no moves, a repeated event at its newest version", () => {
    const other: SportEvent = {
      ...event,
      id: 8,
      version: 1,
      markets: [{ ...event.markets[0]!, id: 80, status: "suspended", selections: [{ id: 801, outcome: "home", label: "A", odds: 150, result: null }] }],
    };
    const newer: SportEvent = {
      ...event,
      version: 5,
      minute: 40,
      markets: [{ ...event.markets[0]!, selections: [{ ...event.markets[0]!.selections[0]!, odds: 170 }] }],
    };
    const s = initialLive([event, other, newer, { ...event, version: 4 }]);
    expect(s.events).toEqual({
      7: { version: 5, status: "live", score: { home: 0, away: 0 }, minute: 40 },
      8: { version: 1, status: "live", score: { home: 0, away: 0 }, minute: 12 },
    });
    expect(s.markets).toEqual({ 70: "open", 80: "suspended" });
    expect(s.selections).toEqual({
      701: { odds: 170, market_status: "open", event_id: 7 },
      702: { odds: 420, market_status: "open", event_id: 7 },
      801: { odds: 150, market_status: "suspended", event_id: 8 },
    });
    expect(s.moved).toEqual({});
  });

  it("tracks events the page did not render (a slip's selection elsewhere)", () => {
    const s = applySportsMessage(initialLive([]), message(1, [150, 250]));
    expect(s.selections[702]?.odds).toBe(250);
    expect(s.moved).toEqual({});
  });
});
