import { describe, expect, it } from "vitest";
import { bonusTerms } from "./jurisdiction-rules";
import { PROFILES } from "./jurisdictions";

describe("a bonus's terms under a market's rules", () => {
  const template = { wager_multiplier: 35, wager_base: "bonus" as const, wagering_days: 30 };

  it("keeps a template's terms where the market has no bonus rule", () => {
    expect(bonusTerms(template, PROFILES.international.bonuses)).toEqual(template);
    expect(bonusTerms({ ...template, wager_base: "deposit_bonus" }, PROFILES.de.bonuses)).toEqual({ ...template, wager_base: "deposit_bonus" });
  });

  it("holds the wagering to the UK's 10 times the bonus alone, and leaves a lighter one as it is", () => {
    expect(bonusTerms(template, PROFILES.uk.bonuses)).toEqual({ ...template, wager_multiplier: 10 });
    expect(bonusTerms({ ...template, wager_base: "deposit_bonus", wager_multiplier: 5 }, PROFILES.uk.bonuses)).toEqual({
      wager_multiplier: 5,
      wager_base: "bonus",
      wagering_days: 30,
    });
    expect(bonusTerms({ ...template, wager_multiplier: 1 }, PROFILES.uk.bonuses)).toEqual({ ...template, wager_multiplier: 1 });
  });

  it("gives a Swedish player at least 60 days, and a longer template its own", () => {
    expect(bonusTerms(template, PROFILES.se.bonuses).wagering_days).toBe(60);
    expect(bonusTerms({ ...template, wagering_days: 90 }, PROFILES.se.bonuses).wagering_days).toBe(90);
  });
});
