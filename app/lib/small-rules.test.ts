import { describe, expect, it } from "vitest";
import { redirectMessage } from "../features/auth/embedded-auth";
import { pickTheme } from "./theme";
import { makeToast, TOAST_DEFAULT_TIME } from "./toast";

describe("theme", () => {
  it("takes the cookie's theme when the site has it, else the default", () => {
    expect(pickTheme("light", ["dark", "light"], "dark")).toBe("light");
    expect(pickTheme("neon", ["dark", "light"], "dark")).toBe("dark");
    expect(pickTheme(undefined, ["light"], "dark")).toBe("light");
  });
});

describe("toasts", () => {
  it("default to neutral, closable, 5000 ms", () => {
    const t = makeToast({ text: "Saved" });
    expect(t).toMatchObject({ type: "neutral", allowClose: true, time: TOAST_DEFAULT_TIME });
    expect(TOAST_DEFAULT_TIME).toBe(5000);
    expect(makeToast({ text: "x", type: "bogus" as never }).type).toBe("neutral");
  });

  it("link only to a path of the site (a flashed toast comes from a cookie)", () => {
    const link = (to: unknown) => makeToast({ text: "x", link: { to, text: "See" } as never }).link;
    expect(link("/profile/bonuses")).toEqual({ to: "/profile/bonuses", text: "See" });
    for (const to of ["//evil.example/x", "/\\evil.example", "https://evil.example", "javascript:alert(1)", 7, undefined]) expect(link(to)).toBeUndefined();
  });
});

describe("embedded sign-in/up pages", () => {
  it("ask the parent to open the site root with the right popup and a backUrl", () => {
    expect(redirectMessage("https://c.example", "/", "https://partner.example/page", "sign_up")).toEqual({
      type: "redirect",
      url: "https://c.example/?show_popup_reg=1&backUrl=https%3A%2F%2Fpartner.example%2Fpage",
    });
    expect(redirectMessage("https://c.example", "/es", "", "sign_in").url).toBe("https://c.example/es?show_popup_auth=1");
  });
});
