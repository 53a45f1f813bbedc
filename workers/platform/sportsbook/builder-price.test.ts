import { describe, expect, it } from "vitest";
import { type BuilderLeg, finalScores, jointChance, legWins, priceBuilder } from "./builder-price";
import { type MarketLayout, type MatchState, mulberry32, perMinute, poissonDraw, priceMarkets, type Profile, profileOf } from "./feed-odds";
import { buildScript, strengthAt } from "./feed-script";

/**
 * The builder's chances against a brute-force run of the feed's own model: matches played minute
 * by minute from the state as feed-script.ts plays them (each side's goals drawn from perMinute,
 * a level match of a sport without draws decided after time), counting how often every leg won.
 */
function simulate(p: Profile, hasDraw: boolean, s: MatchState, legs: readonly BuilderLeg[], runs: number, seed: number): number {
  const rng = mulberry32(seed);
  const [rateHome, rateAway] = [perMinute(p, s.d, 1), perMinute(p, s.d, -1)];
  const tieHome = 1 / (1 + Math.exp(-s.d));
  let won = 0;
  for (let r = 0; r < runs; r++) {
    let home = s.home;
    let away = s.away;
    for (let minute = s.minute + 1; minute <= p.minutes; minute++) {
      home += poissonDraw(rng, rateHome);
      away += poissonDraw(rng, rateAway);
    }
    if (!hasDraw && home === away) {
      if (rng() < tieHome) home++;
      else away++;
    }
    if (legs.every((leg) => legWins(leg, home, away))) won++;
  }
  return won / runs;
}

const football = profileOf("football");
const kickOff: MatchState = { d: 0.35, home: 0, away: 0, minute: 0 };

describe("the builder's joint chance is the feed's model's own (issue 42)", () => {
  const cases: [string, Profile, boolean, MatchState, BuilderLeg[]][] = [
    [
      "football at kick-off: home win and over 2.5",
      football,
      true,
      kickOff,
      [
        { kind: "match_result", outcome: "home" },
        { kind: "total", line: 250, outcome: "over" },
      ],
    ],
    [
      "football at kick-off: both teams score and under 3.5 and the draw",
      football,
      true,
      kickOff,
      [
        { kind: "btts", outcome: "yes" },
        { kind: "total", line: 350, outcome: "under" },
        { kind: "match_result", outcome: "draw" },
      ],
    ],
    [
      "football at 1–0 in the 60th minute: the away side by two or more (home +1.5 lost) and both teams score",
      football,
      true,
      { d: -0.2, home: 1, away: 0, minute: 60 },
      [
        { kind: "handicap", line: 150, outcome: "away" },
        { kind: "btts", outcome: "yes" },
      ],
    ],
    [
      "ice hockey, no draw (overtime's goal counts): away win and over 5.5",
      profileOf("ice-hockey"),
      false,
      { d: 0.1, home: 0, away: 0, minute: 0 },
      [
        { kind: "match_result", outcome: "away" },
        { kind: "total", line: 550, outcome: "over" },
      ],
    ],
    [
      "basketball in the 40th minute: home win and under 210.5",
      profileOf("basketball"),
      false,
      { d: 0.2, home: 80, away: 78, minute: 40 },
      [
        { kind: "match_result", outcome: "home" },
        { kind: "total", line: 21050, outcome: "under" },
      ],
    ],
  ];

  it.each(cases)("%s: within one percentage point of 100,000 simulated matches", (_, p, hasDraw, s, legs) => {
    const { joint } = jointChance(p, hasDraw, s, legs);
    const simulated = simulate(p, hasDraw, s, legs, 100_000, 42);
    expect(Math.abs(joint - simulated)).toBeLessThan(0.01);
  });

  it("sums to one over the final scores, a sport without draws ending level never", () => {
    for (const [p, hasDraw, s] of [
      [football, true, kickOff],
      [profileOf("ice-hockey"), false, kickOff],
      [profileOf("basketball"), false, { d: 0, home: 50, away: 50, minute: 24 }],
    ] as const) {
      const law = finalScores(p, hasDraw, s);
      expect(law.reduce((a, f) => a + f.chance, 0)).toBeCloseTo(1, 8);
      if (!hasDraw) expect(law.some((f) => f.home === f.away)).toBe(false);
    }
  });

  it("prices correlated legs as they are: a home win with over 2.5 is likelier than the two multiplied", () => {
    const legs: BuilderLeg[] = [
      { kind: "match_result", outcome: "home" },
      { kind: "total", line: 250, outcome: "over" },
    ];
    const { joint, each } = jointChance(football, true, kickOff, legs);
    expect(joint).toBeGreaterThan(each[0]! * each[1]!);
    const priced = priceBuilder(football, true, kickOff, legs, 1.1);
    if (!priced.ok) throw new Error(priced.reason);
    expect(priced.price.fairOdds).toBe(Math.round(100 / joint));
    expect(priced.price.odds).toBe(Math.round(100 / (joint * 1.1)));
    // The book that multiplied would have offered more than the bet is worth.
    expect(priced.price.independentOdds).toBeGreaterThan(priced.price.fairOdds);
  });
});

describe("legs a builder refuses, with the reason the slip shows", () => {
  const home: BuilderLeg = { kind: "match_result", outcome: "home" };
  const refusal = (legs: BuilderLeg[], hasDraw = true, s = kickOff) => {
    const r = priceBuilder(football, hasDraw, s, legs, 1.1);
    return r.ok ? null : r.reason;
  };

  it("legs that cannot all win", () => {
    expect(refusal([home, { kind: "correct_score", home: 0, away: 0 }])).toBe("contradictory");
    expect(
      refusal([
        { kind: "total", line: 350, outcome: "over" },
        { kind: "total", line: 250, outcome: "under" },
      ]),
    ).toBe("contradictory");
    expect(
      refusal([
        { kind: "btts", outcome: "no" },
        { kind: "correct_score", home: 2, away: 1 },
      ]),
    ).toBe("contradictory");
    // 3–0 in the 89th minute: an away win is under one chance in a million, refused as impossible.
    expect(
      refusal(
        [
          { kind: "match_result", outcome: "away" },
          { kind: "btts", outcome: "yes" },
        ],
        true,
        { d: 0, home: 3, away: 0, minute: 89 },
      ),
    ).toBe("contradictory");
  });

  it("a leg that adds nothing: implied by another, or already won", () => {
    expect(refusal([home, { kind: "correct_score", home: 2, away: 1 }])).toBe("leg_adds_nothing");
    expect(refusal([home, { kind: "total", line: 50, outcome: "over" }])).toBe("leg_adds_nothing");
    expect(refusal([home, { kind: "btts", outcome: "yes" }], true, { d: 0, home: 1, away: 1, minute: 30 })).toBe("leg_adds_nothing");
  });

  it("too few or too many legs, the same leg twice, a line that can end level, a draw in a sport without one", () => {
    expect(refusal([home])).toBe("leg_count");
    expect(refusal(Array.from({ length: 9 }, (_, i): BuilderLeg => ({ kind: "correct_score", home: i, away: 0 })))).toBe("leg_count");
    expect(refusal([home, { kind: "match_result", outcome: "home" }])).toBe("duplicate_leg");
    expect(refusal([home, { kind: "total", line: 200, outcome: "over" }])).toBe("line_can_push");
    expect(refusal([home, { kind: "handicap", line: -100, outcome: "home" }])).toBe("line_can_push");
    expect(
      refusal(
        [
          { kind: "match_result", outcome: "draw" },
          { kind: "btts", outcome: "yes" },
        ],
        false,
      ),
    ).toBe("no_draw");
  });
});

describe("the state a builder is priced from is the feed's own", () => {
  const markets: MarketLayout[] = [
    {
      id: 1,
      kind: "match_result",
      line: null,
      selections: [
        { id: 11, outcome: "home" },
        { id: 12, outcome: "draw" },
        { id: 13, outcome: "away" },
      ],
    },
    {
      id: 2,
      kind: "total",
      line: 250,
      selections: [
        { id: 21, outcome: "over" },
        { id: 22, outcome: "under" },
      ],
    },
  ];

  it("strengthAt gives the strength the script priced each pre-match move and every live minute with", () => {
    for (const seed of [1, 77, 123456]) {
      const steps = buildScript({ seed, sport: "football", hasDraw: true, markets });
      const drifts = steps.filter((st) => st.type === "odds");
      drifts.forEach((st, i) => {
        expect(st.type === "odds" && st.changes).toEqual(priceMarkets(football, true, { d: strengthAt(seed, i + 1), home: 0, away: 0, minute: 0 }, markets));
      });
      const live = steps.find((st) => st.type === "score" && st.changes);
      if (live?.type !== "score" || !live.changes) throw new Error("no priced score step");
      expect(live.changes).toEqual(
        priceMarkets(football, true, { d: strengthAt(seed, 4), home: live.home, away: live.away, minute: live.minute ?? 0 }, markets),
      );
    }
  });
});
