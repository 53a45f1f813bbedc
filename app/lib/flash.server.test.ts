import { describe, expect, it } from "vitest";
import { flashCookie, takeFlash } from "./flash.server";

const requestWith = (setCookie: string) => new Request("https://c.example/", { headers: { cookie: setCookie.split(";")[0]! } });

describe("flash cookies", () => {
  it("carry a value across one redirect and clear it when read", () => {
    const value = { text: "Unsubscribed: ünïcode ✓", type: "success" };
    const set = flashCookie("pf_x", value);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Max-Age=60/);
    const { value: read, clear } = takeFlash(requestWith(set), "pf_x");
    expect(read).toEqual(value);
    expect(clear).toMatch(/^pf_x=; .*Max-Age=0/);
  });
  it("read nothing without the cookie, and null from a tampered one (still clearing it)", () => {
    expect(takeFlash(new Request("https://c.example/"), "pf_x")).toEqual({ value: null, clear: null });
    const tampered = takeFlash(new Request("https://c.example/", { headers: { cookie: "pf_x=not*base64!" } }), "pf_x");
    expect(tampered.value).toBeNull();
    expect(tampered.clear).not.toBeNull();
  });
  it("are Secure when asked", () => {
    expect(flashCookie("pf_x", 1, true)).toMatch(/Secure/);
  });
});
