import { describe, expect, it } from "vitest";
import { launchParameters, type PlayRules } from "./play-rules";

const rules = (over: Partial<PlayRules>): PlayRules => ({
  jurisdiction: "international",
  regulator: "",
  maxStake: null,
  minCycleMs: 0,
  showOdds: false,
  jackpots: true,
  limitRequired: false,
  ...over,
});

describe("launchParameters (decision 0095)", () => {
  it("adds nothing for a market without play rules", () => {
    expect(launchParameters(null)).toEqual({});
    expect(launchParameters(undefined)).toEqual({});
  });

  it("names the market, and each rule it has", () => {
    expect(launchParameters(rules({ jurisdiction: "se", limitRequired: true }))).toEqual({ jurisdiction: "se" });
    expect(launchParameters(rules({ jurisdiction: "uk", maxStake: 200, minCycleMs: 2500 }))).toEqual({
      jurisdiction: "uk",
      max_stake: "200",
      min_cycle_ms: "2500",
      autoplay: "0",
      turbo: "0",
    });
    expect(launchParameters(rules({ jurisdiction: "de", maxStake: 100, minCycleMs: 5000, showOdds: true, jackpots: false }))).toEqual({
      jurisdiction: "de",
      max_stake: "100",
      min_cycle_ms: "5000",
      autoplay: "0",
      turbo: "0",
      show_rtp: "1",
      jackpots: "0",
    });
  });
});
