import { describe, expect, it } from "vitest";
import { popupMode, withoutPopup, withPopup } from "./popup-url";

describe("authentication popup URLs", () => {
  it("reads the mode from the query flags", () => {
    expect(popupMode(new URLSearchParams("show_popup_auth=1"))).toBe("authorization");
    expect(popupMode(new URLSearchParams("show_popup_reg=1"))).toBe("registration");
    expect(popupMode(new URLSearchParams("show_popup_auth=1&auth_mode=twofa"))).toBe("twofa");
    expect(popupMode(new URLSearchParams("show_popup_auth=1&auth_mode=evil"))).toBe("authorization");
    expect(popupMode(new URLSearchParams("a=1"))).toBeNull();
  });
  it("switches modes keeping the other query keys", () => {
    expect(withPopup("/es/about?redirectUrl=%2Fcashier&show_popup_reg=1", "restore")).toBe(
      "/es/about?redirectUrl=%2Fcashier&show_popup_auth=1&auth_mode=restore",
    );
    expect(withPopup("/?prevent_close=1", "registration")).toBe("/?prevent_close=1&show_popup_reg=1");
  });
  it("a mode switch drops the reset token and the chosen country, keeps the registration type", () => {
    expect(withPopup("/?show_popup_auth=1&auth_mode=restore&reset_token=abc&reg_country=GB&reg_type=full", "authorization")).toBe(
      "/?reg_type=full&show_popup_auth=1",
    );
  });
  it("removes every popup key on close", () => {
    expect(withoutPopup("/x?show_popup_auth=1&auth_mode=twofa&prevent_close=1&redirectUrl=%2Fa")).toBe("/x?redirectUrl=%2Fa");
  });
});
