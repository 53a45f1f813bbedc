import { describe, expect, it } from "vitest";
import { lobbyHref, lobbySearch, lobbyWindow, parseLobbyParams } from "./lobby-params";

const parse = (search: string) => parseLobbyParams(new URLSearchParams(search));

describe("lobby query parameters", () => {
  it("reads the canonical form as it is", () => {
    expect(parse("")).toEqual({ kind: "ok", filters: { category: undefined, providers: [], offset: 0 } });
    expect(parse("category=slots&providers=bluefin,aurora_reels&offset=48")).toEqual({
      kind: "redirect",
      search: "category=slots&providers=aurora_reels,bluefin&offset=48",
    });
    expect(parse("category=slots&providers=aurora_reels,bluefin&offset=48")).toEqual({
      kind: "ok",
      filters: { category: "slots", providers: ["aurora_reels", "bluefin"], offset: 48 },
    });
  });

  it("accepts an encoded comma as the same list", () => {
    expect(parse("providers=aurora_reels%2Cbluefin")).toMatchObject({ kind: "ok", filters: { providers: ["aurora_reels", "bluefin"] } });
  });

  it("joins repeated providers (a GET form without JavaScript) into one sorted comma list", () => {
    expect(parse("category=live&providers=tidewater&providers=silverbirch")).toEqual({
      kind: "redirect",
      search: "category=live&providers=silverbirch,tidewater",
    });
    expect(parse("providers=a,,b&providers=a")).toEqual({ kind: "redirect", search: "providers=a,b" });
  });

  it("drops empty filters", () => {
    expect(parse("category=&providers=")).toEqual({ kind: "redirect", search: "" });
    expect(parse("category=slots&offset=0")).toEqual({ kind: "redirect", search: "category=slots" });
  });

  it("keeps other parameters and their order", () => {
    expect(parse("show_popup_auth=1&category=slots")).toMatchObject({ kind: "ok" });
    expect(parse("utm_source=x&providers=b&providers=a&show_popup_auth=1")).toEqual({
      kind: "redirect",
      search: "utm_source=x&show_popup_auth=1&providers=a,b",
    });
  });

  it("treats a garbage or negative offset as the first page and rounds others down to a page start", () => {
    expect(parse("offset=abc")).toEqual({ kind: "redirect", search: "" });
    expect(parse("offset=-24")).toEqual({ kind: "redirect", search: "" });
    expect(parse("offset=1e3")).toEqual({ kind: "redirect", search: "" });
    expect(parse("offset=30")).toEqual({ kind: "redirect", search: "offset=24" });
    expect(parse("offset=24&offset=48")).toEqual({ kind: "redirect", search: "offset=24" });
    expect(parse("offset=99999999")).toEqual({ kind: "redirect", search: "offset=99984" });
  });

  it("refuses values that can never name a category or provider", () => {
    expect(parse("category=Slots!")).toEqual({ kind: "invalid" });
    expect(parse("category=slots&category=live")).toEqual({ kind: "invalid" });
    expect(parse("providers=a,B%20C")).toEqual({ kind: "invalid" });
    expect(parse(`providers=${Array.from({ length: 51 }, (_, i) => `p${i}`).join(",")}`)).toEqual({ kind: "invalid" });
  });

  it("reads a search text: trimmed, spaces collapsed, empty dropped, too long cut", () => {
    expect(parse("search=book")).toEqual({ kind: "ok", filters: { providers: [], offset: 0, search: "book" } });
    expect(parse("search=book+of+ra")).toMatchObject({ kind: "ok", filters: { search: "book of ra" } });
    expect(parse("search=+book++of%09ra+")).toEqual({ kind: "redirect", search: "search=book+of+ra" });
    expect(parse("search=&category=slots")).toEqual({ kind: "redirect", search: "category=slots" });
    expect(parse("search=+++")).toEqual({ kind: "redirect", search: "" });
    expect(parse("search=&search=dragon")).toEqual({ kind: "redirect", search: "search=dragon" });
    expect(parse("search=a&search=b")).toEqual({ kind: "redirect", search: "search=a" });
    const long = parse(`search=${"x".repeat(150)}`);
    expect(long).toEqual({ kind: "redirect", search: `search=${"x".repeat(100)}` });
    // An astral character is two UTF-16 units (the platform's measure) and is never split.
    const emoji = parse(`search=${"x".repeat(99)}${encodeURIComponent("🎰")}`);
    expect(emoji).toEqual({ kind: "redirect", search: `search=${"x".repeat(99)}` });
  });

  it("keeps the search with the other filters in one canonical order", () => {
    expect(parse("offset=24&search=book&providers=b,a&category=slots")).toEqual({
      kind: "redirect",
      search: "category=slots&providers=a,b&search=book&offset=24",
    });
    expect(parse("category=slots&search=book")).toMatchObject({ kind: "ok", filters: { category: "slots", search: "book" } });
    expect(lobbyHref({ search: "book of ra" })).toBe("/gamehall?search=book+of+ra");
    expect(lobbyHref({ search: "" })).toBe("/gamehall");
  });

  it("builds lobby links with readable commas", () => {
    expect(lobbyHref({})).toBe("/gamehall");
    expect(lobbyHref({ category: "slots", providers: ["a", "b"], offset: 24 })).toBe("/gamehall?category=slots&providers=a,b&offset=24");
    expect(lobbySearch(new URLSearchParams("x=1&offset=5"), { category: "new" })).toBe("x=1&category=new");
  });
});

describe("the games a lobby document shows", () => {
  it("is the page of the offset and the one before it, so Load more without JavaScript adds a page", () => {
    expect(lobbyWindow(0)).toEqual({ start: 0, count: 24 });
    expect(lobbyWindow(24)).toEqual({ start: 0, count: 48 });
    // Further on the window slides: never more than 48 tiles (decision 0025's rows per page).
    expect(lobbyWindow(48)).toEqual({ start: 24, count: 48 });
    expect(lobbyWindow(9600)).toEqual({ start: 9576, count: 48 });
  });
});
