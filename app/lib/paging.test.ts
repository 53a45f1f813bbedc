import { describe, expect, it } from "vitest";
import { MAX_OFFSET, offsetHref, pageOffset, requirePageOffset } from "./paging";

describe("pageOffset", () => {
  it("takes a missing offset as the first page, canonically spelled", () => {
    expect(pageOffset(null, 20)).toEqual({ offset: 0, canonical: true });
  });

  it("accepts a page start as it is", () => {
    expect(pageOffset("40", 20)).toEqual({ offset: 40, canonical: true });
  });

  it("rounds down to the page holding the row, and asks for a redirect", () => {
    expect(pageOffset("45", 20)).toEqual({ offset: 40, canonical: false });
    expect(pageOffset("7", 20)).toEqual({ offset: 0, canonical: false });
  });

  it("reads garbage, signs, exponents, 0 and leading zeros as non-canonical", () => {
    for (const raw of ["abc", "-20", "1e3", "", " ", "0x14", "4.5"]) expect(pageOffset(raw, 20)).toEqual({ offset: 0, canonical: false });
    expect(pageOffset("0", 20)).toEqual({ offset: 0, canonical: false });
    expect(pageOffset("040", 20)).toEqual({ offset: 40, canonical: false });
    expect(pageOffset(" 40 ", 20)).toEqual({ offset: 40, canonical: false });
  });

  it("caps a huge offset at the furthest page", () => {
    expect(pageOffset("99999999999999999999", 24)).toEqual({ offset: MAX_OFFSET - (MAX_OFFSET % 24), canonical: false });
  });
});

describe("offsetHref", () => {
  it("sets or drops the offset and keeps the other parameters in order", () => {
    const url = new URL("https://x.test/winners?a=1&offset=7&b=2");
    expect(offsetHref(url, 20)).toBe("/winners?a=1&b=2&offset=20");
    expect(offsetHref(url, 0)).toBe("/winners?a=1&b=2");
    expect(offsetHref(new URL("https://x.test/winners?offset=abc"), 0)).toBe("/winners");
  });
});

describe("requirePageOffset", () => {
  it("answers a canonical offset and redirects any other spelling to it", () => {
    expect(requirePageOffset(new Request("https://x.test/winners?offset=40"), 20)).toBe(40);
    expect(requirePageOffset(new Request("https://x.test/winners"), 20)).toBe(0);
    let thrown: unknown;
    try {
      requirePageOffset(new Request("https://x.test/winners?x=1&offset=45"), 20);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/winners?x=1&offset=40");
  });
});
