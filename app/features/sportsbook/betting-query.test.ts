import { describe, expect, it } from "vitest";
import { bettingSearch } from "./betting-links";
import { parseBettingQuery } from "./betting-query";

const parse = (s: string) => parseBettingQuery(new URLSearchParams(s));

describe("betting query", () => {
  it("reads the filters", () => {
    expect(parse("")).toEqual({ sport: null, league: null, event: null, placed: [], betError: null, share: null, shared: null });
    // A shared slip is read as the cookie is (what it cannot read is dropped, never a 404).
    expect(parse("slip=12:250,b7.btts:yes&shared=1")).toMatchObject({ share: "12:250,b7.btts:yes", shared: "1" });
    expect(parse("shared=other")?.shared).toBeNull();
    expect(parse("sport=football&league=2&event=15")).toMatchObject({ sport: "football", league: 2, event: 15 });
    expect(parse("placed=a1,b2&bet_error=odds_changed")).toMatchObject({ placed: ["a1", "b2"], betError: "odds_changed" });
    expect(parse("bet_error=nope")?.betError).toBeNull();
  });

  it("refuses malformed values (the page's 404)", () => {
    for (const bad of ["sport=Foot ball", "sport=", "league=2", "sport=football&league=x", "event=0", "event=-1", "event=1e3", "placed=a b"]) {
      expect(parse(bad), bad).toBeNull();
    }
  });

  it("builds the links", () => {
    expect(bettingSearch({})).toBe("");
    expect(bettingSearch({ sport: "tennis", league: 4 })).toBe("?sport=tennis&league=4");
    expect(bettingSearch({ league: 4 })).toBe("");
    expect(bettingSearch({ event: 9 })).toBe("?event=9");
  });
});
