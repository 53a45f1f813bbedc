import { describe, expect, it } from "vitest";
import { combinedOdds, grossReturn, winPayout } from "./bets";
import { lineText, marketTitle, selectionLabel } from "./labels";

/** The sportsbook's pure rules (decision 0049): exact returns, combined odds, labels per locale. */

describe("returns and combined odds", () => {
  it("computes ⌊stake × Π odds / 100ⁿ⌋ exactly, even where floating point would round wrong", () => {
    expect(grossReturn(1_000, [185])).toBe(1_850);
    expect(grossReturn(333, [185, 233, 171])).toBe(2_454);
    // 10 legs at 9.99 on the largest stake: beyond 2^53 as a product, still exact.
    const big = grossReturn(100_000, Array(10).fill(999));
    expect(big).toBe(Number((100_000n * 999n ** 10n) / 100n ** 10n));
    expect(combinedOdds([185, 233, 171])).toBe(737);
    expect(combinedOdds([])).toBe(100);
  });

  it("pays a free bet without stake return the profit, with it the return, both capped", () => {
    const bet = { stake: 500, open_stake: 500, funding: "betting_bonus" as const, max_payout: 5_000 };
    expect(winPayout({ ...bet, stake_returned: 0 }, [300])).toBe(1_000);
    expect(winPayout({ ...bet, stake_returned: 1 }, [300])).toBe(1_500);
    expect(winPayout({ ...bet, stake_returned: 1 }, [1_200, 1_100])).toBe(5_000);
    expect(winPayout({ stake: 500, open_stake: 500, funding: "main", stake_returned: 1, max_payout: null }, [1_200, 1_100])).toBe(66_000);
  });

  it("pays on the stake still riding after a partial cash-out", () => {
    expect(winPayout({ stake: 1_000, open_stake: 400, funding: "main", stake_returned: 1, max_payout: null }, [300])).toBe(1_200);
  });
});

describe("labels", () => {
  const event = { sport: "football", home: "Arsenal", away: "Chelsea" };
  it("writes lines with the locale's decimal separator and a true minus sign", () => {
    expect([
      lineText(250, "en"),
      lineText(-150, "en", true),
      lineText(150, "en", true),
      lineText(21050, "es"),
      lineText(125, "pt"),
      lineText(300, "en"),
    ]).toEqual(["2.5", "−1.5", "+1.5", "210,5", "1,25", "3"]);
  });

  it("names markets and selections from the teams and the locale's words (English for an unknown locale)", () => {
    const handicap = { kind: "handicap" as const, line: -150 };
    expect(marketTitle(event, { kind: "total", line: 250 }, "en")).toBe("Total goals 2.5");
    expect(marketTitle({ ...event, sport: "basketball" }, { kind: "total", line: 21050 }, "pt")).toBe("Total de pontos 210,5");
    expect(marketTitle(event, handicap, "xx")).toBe("Handicap −1.5");
    expect(selectionLabel(event, handicap, "away", "en")).toBe("Chelsea +1.5");
    expect(selectionLabel(event, { kind: "match_result", line: null }, "draw", "ar")).toBe("تعادل");
    expect(selectionLabel(event, { kind: "total", line: 250 }, "under", "es")).toBe("Menos de 2,5");
  });
});
