import { describe, expect, it } from "vitest";
import { closedPopupCookie, closedPopups, POPUPS_CLOSED_COOKIE } from "./popups-closed";

const header = (setCookie: string) => setCookie.split(";")[0]!;

describe("the closed campaign popups' cookie", () => {
  it("adds a popup once, keeps the newest ten, and drops what is not a popup's name", () => {
    let cookie = "";
    for (let i = 0; i < 12; i++) cookie = header(closedPopupCookie(cookie, `p${i}`, true)!);
    expect(closedPopups(cookie)).toEqual(["p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11"]);
    cookie = header(closedPopupCookie(cookie, "p5", true)!);
    expect(closedPopups(cookie).at(-1)).toBe("p5");
    expect(closedPopups(cookie)).toHaveLength(10);
    expect(closedPopups(`${POPUPS_CLOSED_COOKIE}=ok,<script>,${"x".repeat(65)},weekend-reload`)).toEqual(["ok", "weekend-reload"]);
  });

  it("is a session cookie for the whole site, secure where asked; a malformed name sets none", () => {
    const set = closedPopupCookie(null, "weekend-reload", true)!;
    expect(set).toMatch(/^pf_popups_closed=weekend-reload; Path=\/; Secure; SameSite=Lax$/);
    expect(closedPopupCookie(null, "a,b", true)).toBeNull();
    expect(closedPopupCookie(null, "", false)).toBeNull();
  });
});
