import { describe, expect, it } from "vitest";
import { claimTermsParts } from "./claim-terms";

/** A translator that shows which message and values were asked for. */
const t = ((key: string, values?: Record<string, string>) =>
  `${key.replace("common.claimTerms.", "")}(${Object.values(values ?? {}).join(",")})`) as Parameters<typeof claimTermsParts>[1];
const usd = (amount: number) => ({ amount, currency: "USD" });

describe("an incentive's key terms beside its button (decision 0086)", () => {
  it("say the wagering and its base, the least deposit, the max bet and cash-out, the free spins' days, in that order", () => {
    expect(
      claimTermsParts(
        { wager_multiplier: 10, wager_base: "bonus", wagering_days: 30, min_deposit: usd(2000), max_bet: usd(500), max_cashout: usd(10_000), spins_days: 7 },
        t,
      ),
    ).toEqual(["wager(10,30)", "minDeposit($20)", "maxBet($5)", "maxCashout($100)", "spinsDays(7)"]);
    expect(
      claimTermsParts(
        { wager_multiplier: 35, wager_base: "deposit_bonus", wagering_days: 14, min_deposit: null, max_bet: null, max_cashout: null, spins_days: null },
        t,
      ),
    ).toEqual(["wagerDeposit(35,14)"]);
  });

  it("are nothing for a banner that claims no incentive", () => {
    expect(claimTermsParts(null, t)).toEqual([]);
    expect(claimTermsParts(undefined, t)).toEqual([]);
  });
});
