import { describe, expect, it } from "vitest";
import { gamehallPage } from "./paging";

describe("tournament gamehall pages (12 games a page, SPEC §9)", () => {
  it("numbers the pages of the list, the first when none is asked", () => {
    expect(gamehallPage(null, 25)).toEqual({ page: 1, pages: 3 });
    expect(gamehallPage("3", 25)).toEqual({ page: 3, pages: 3 });
    expect(gamehallPage(null, 12)).toEqual({ page: 1, pages: 1 });
    expect(gamehallPage(null, 0)).toEqual({ page: 1, pages: 1 });
  });

  it("refuses what is not a page of the list (the loader's 404)", () => {
    for (const raw of ["4", "0", "01", "-1", "1.5", "abc", "", "9999999"]) expect(gamehallPage(raw, 25)).toBeNull();
  });
});
