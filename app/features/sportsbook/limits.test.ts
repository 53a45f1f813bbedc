import { describe, expect, it } from "vitest";
import { BET_ERRORS, BET_MAX_LEGS, BET_MAX_STAKE, BET_MIN_STAKE } from "../../lib/api/contract-sportsbook";
import { SLIP_ERROR_CODES, SLIP_MAX_LEGS, SLIP_MAX_STAKE, SLIP_MIN_STAKE } from "./limits";

describe("the browser's copy of the sportsbook limits", () => {
  it("equals the contract's", () => {
    expect([SLIP_MIN_STAKE, SLIP_MAX_STAKE, SLIP_MAX_LEGS]).toEqual([BET_MIN_STAKE, BET_MAX_STAKE, BET_MAX_LEGS]);
    expect([...SLIP_ERROR_CODES]).toEqual([...BET_ERRORS]);
  });
});
