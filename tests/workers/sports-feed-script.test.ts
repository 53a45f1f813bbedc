import { describe, expect, it } from "vitest";
import { MAX_ODDS, MIN_ODDS } from "../../workers/platform/sportsbook/feed-odds";
import { settleMarket } from "../../workers/platform/sportsbook/feed-results";
import { buildScript, DRIFTS_AT } from "../../workers/platform/sportsbook/feed-script";
import { layoutFor } from "../../workers/platform/sportsbook/fixtures";

// The feed's script (decision 0072-sportsbook-feed): a pure function of the event's seed, sport
// and markets, so a replay is the same run; and the result rules of the shared interface.

const SPORTS = [
  ["football", true],
  ["basketball", false],
  ["tennis", false],
  ["ice-hockey", true],
] as const;

describe("script", () => {
  it("is the same run for the same seed, and another for another seed", () => {
    for (const [sport, hasDraw] of SPORTS) {
      const input = { seed: 1234, sport, hasDraw, markets: layoutFor(sport, hasDraw) };
      expect(buildScript(input)).toEqual(buildScript({ ...input }));
      expect(buildScript(input)).not.toEqual(buildScript({ ...input, seed: 1235 }));
    }
  });

  it("drifts before kick-off, goes live at 0, ticks each minute in order and ends with the final result", () => {
    for (const [sport, hasDraw] of SPORTS) {
      for (let seed = 1; seed <= 40; seed++) {
        const steps = buildScript({ seed, sport, hasDraw, markets: layoutFor(sport, hasDraw) });
        expect(steps.slice(0, DRIFTS_AT.length).map((s) => s.type)).toEqual(DRIFTS_AT.map(() => "odds"));
        expect(steps[DRIFTS_AT.length]).toEqual({ at: 0, type: "live" });
        for (let i = 1; i < steps.length; i++) expect(steps[i]!.at).toBeGreaterThan(steps[i - 1]!.at);
        const last = steps.at(-1)!;
        expect(last.type).toBe("finish");
        // The score never goes down; a sport without a draw never ends level.
        let [h, a] = [0, 0];
        for (const s of steps) {
          if (s.type !== "score" && s.type !== "finish") continue;
          expect(s.home).toBeGreaterThanOrEqual(h);
          expect(s.away).toBeGreaterThanOrEqual(a);
          [h, a] = [s.home, s.away];
        }
        if (!hasDraw && last.type === "finish") expect(last.home).not.toBe(last.away);
      }
    }
  });

  it("keeps every odds a whole number above 1.00 and sane, and suspends around football goals", () => {
    for (const [sport, hasDraw] of SPORTS) {
      const markets = layoutFor(sport, hasDraw);
      const steps = buildScript({ seed: 77, sport, hasDraw, markets });
      for (const s of steps) {
        if (!("changes" in s) || !s.changes) continue;
        expect(s.changes).toHaveLength(markets.flatMap((m) => m.selections).length);
        for (const c of s.changes) {
          expect(Number.isInteger(c.odds)).toBe(true);
          expect(c.odds).toBeGreaterThanOrEqual(MIN_ODDS);
          expect(c.odds).toBeLessThanOrEqual(MAX_ODDS);
        }
      }
    }
    // Opening odds of an even-ish football match carry the ~5 % margin.
    const opening = buildScript({ seed: 5, sport: "football", hasDraw: true, markets: layoutFor("football", true) })[0]!;
    const mr = (opening as any).changes.slice(0, 3).map((c: any) => 100 / c.odds);
    expect(mr.reduce((x: number, y: number) => x + y, 0)).toBeCloseTo(1.05, 1);
    // A goal: suspend, then the score, then resume with new odds.
    const football = buildScript({ seed: 3, sport: "football", hasDraw: true, markets: layoutFor("football", true) });
    const i = football.findIndex((s) => s.type === "suspend");
    expect(i).toBeGreaterThan(0);
    expect(football.slice(i, i + 3).map((s) => s.type)).toEqual(["suspend", "score", "resume"]);
    expect((football[i + 2] as any).changes.length).toBe(7);
  });
});

describe("result rules", () => {
  const mr = (draw: boolean) => ({
    kind: "match_result" as const,
    line: null,
    selections: [{ id: 1, outcome: "home" as const }, ...(draw ? [{ id: 2, outcome: "draw" as const }] : []), { id: 3, outcome: "away" as const }],
  });
  const total = (line: number) => ({
    kind: "total" as const,
    line,
    selections: [
      { id: 1, outcome: "over" as const },
      { id: 2, outcome: "under" as const },
    ],
  });
  const handicap = (line: number) => ({
    kind: "handicap" as const,
    line,
    selections: [
      { id: 1, outcome: "home" as const },
      { id: 2, outcome: "away" as const },
    ],
  });
  const results = (r: ReturnType<typeof settleMarket>) => [r.status, ...r.results.map((x) => x.result)];

  it("match result: the outcome of the final score wins; level without a draw voids", () => {
    expect(results(settleMarket(mr(true), 2, 1))).toEqual(["settled", "win", "lose", "lose"]);
    expect(results(settleMarket(mr(true), 1, 1))).toEqual(["settled", "lose", "win", "lose"]);
    expect(results(settleMarket(mr(true), 0, 3))).toEqual(["settled", "lose", "lose", "win"]);
    expect(results(settleMarket(mr(false), 2, 2))).toEqual(["void", "void", "void"]);
  });

  it("total: over above the line, under below, void on it", () => {
    expect(results(settleMarket(total(250), 2, 1))).toEqual(["settled", "win", "lose"]);
    expect(results(settleMarket(total(250), 1, 1))).toEqual(["settled", "lose", "win"]);
    expect(results(settleMarket(total(300), 2, 1))).toEqual(["void", "void", "void"]);
    expect(results(settleMarket(total(21050), 110, 101))).toEqual(["settled", "win", "lose"]);
  });

  it("handicap: home if its margin plus the line is above 0, away if below, void at 0", () => {
    expect(results(settleMarket(handicap(-150), 2, 0))).toEqual(["settled", "win", "lose"]);
    expect(results(settleMarket(handicap(-150), 1, 0))).toEqual(["settled", "lose", "win"]);
    expect(results(settleMarket(handicap(-100), 1, 0))).toEqual(["void", "void", "void"]);
    expect(results(settleMarket(handicap(150), 0, 1))).toEqual(["settled", "win", "lose"]);
  });
});
