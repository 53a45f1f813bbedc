import { describe, expect, it } from "vitest";
import { boardPage, gamehallPage } from "./paging";

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

describe("tournament leaderboard pages (25 places a page)", () => {
  it("numbers the pages of the board by its players, the first when none is asked", () => {
    expect(boardPage(null, 1000)).toEqual({ page: 1, pages: 40 });
    expect(boardPage("40", 1000)).toEqual({ page: 40, pages: 40 });
    expect(boardPage("2", 26)).toEqual({ page: 2, pages: 2 });
    expect(boardPage(null, 0)).toEqual({ page: 1, pages: 1 });
  });

  it("refuses what is not a page of the board (the loader's 404)", () => {
    for (const raw of ["41", "0", "02", "-1", "2.0", "x", "", "1e3"]) expect(boardPage(raw, 1000)).toBeNull();
  });
});
