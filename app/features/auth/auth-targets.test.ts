import { describe, expect, it } from "vitest";
import { afterRegistrationPath, depositPathUnder } from "./auth-targets";

describe("where registration lands (SPEC §2)", () => {
  it("goes to the cashier deposit page of the locale without a redirectUrl, marked register=success", () => {
    expect(afterRegistrationPath("/about?show_popup_reg=1", "/", false)).toBe("/cashier/deposit?register=success");
    expect(afterRegistrationPath("/es/about?show_popup_reg=1", "/es", false)).toBe("/es/cashier/deposit?register=success");
    expect(depositPathUnder("/")).toBe("/cashier/deposit");
  });

  it("follows a redirectUrl, and an embedded form stays where it is", () => {
    expect(afterRegistrationPath("/?redirectUrl=%2Fgamehall&show_popup_reg=1", "/", false)).toBe("/gamehall?register=success");
    expect(afterRegistrationPath("/forms/sign_up", "/", true)).toBe("/forms/sign_up?register=success");
    // A bettor (is_betting=1) lands on /betting; a redirectUrl still comes first.
    expect(afterRegistrationPath("/about?show_popup_reg=1", "/", false, true)).toBe("/betting?register=success");
    expect(afterRegistrationPath("/es/about?show_popup_reg=1", "/es", false, true)).toBe("/es/betting?register=success");
    expect(afterRegistrationPath("/?redirectUrl=%2Fgamehall&show_popup_reg=1", "/", false, true)).toBe("/gamehall?register=success");
  });
});
