import { describe, expect, it } from "vitest";
import { PGSI_QUESTIONS, pgsiBand, pgsiScore } from "./self-assessment";

describe("the PGSI screen", () => {
  it("has nine questions, and scores their sum", () => {
    expect(PGSI_QUESTIONS).toHaveLength(9);
    expect(pgsiScore([3, 3, 3, 3, 3, 3, 3, 3, 3])).toBe(27);
    expect(pgsiScore([0, 1, 2, 3, 0, 0, 0, 0, 0])).toBe(6);
  });

  it.each([
    [0, "none"],
    [1, "low"],
    [2, "low"],
    [3, "moderate"],
    [7, "moderate"],
    [8, "high"],
    [27, "high"],
  ])("places %i in the %s band", (score, band) => {
    expect(pgsiBand(score)).toBe(band);
  });
});
