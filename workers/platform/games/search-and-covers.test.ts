import { describe, expect, it } from "vitest";
import { coverEtag, coverSvg, hash32 } from "./covers";
import { ftsQuery } from "./search";

describe("ftsQuery", () => {
  it("makes every typed word a quoted prefix, all required", () => {
    expect(ftsQuery("Drag  PH")).toBe('"drag"* "ph"*');
    expect(ftsQuery("Caça-níqueis")).toBe('"caça"* "níqueis"*');
  });

  it("leaves FTS5 syntax as text and ignores what has no words", () => {
    expect(ftsQuery('gold* OR NEAR("x")')).toBe('"gold"* "or"* "near"* "x"*');
    expect(ftsQuery("*** ()")).toBeNull();
    expect(ftsQuery(undefined)).toBeNull();
    expect(ftsQuery("a b c d e f g h i j")?.split(" ")).toHaveLength(8);
  });
});

describe("covers", () => {
  const cover = { sysname: "golden_phoenix", title: "Golden Phoenix", kind: "slot" };

  it("draws the same SVG for the same game and another for another", () => {
    expect(coverSvg(cover)).toBe(coverSvg({ ...cover }));
    expect(coverSvg({ ...cover, sysname: "golden_phoenix_live" })).not.toBe(coverSvg(cover));
    expect(coverEtag(cover)).toBe(coverEtag({ ...cover }));
    expect(coverEtag({ ...cover, title: "Other" })).not.toBe(coverEtag(cover));
    expect(hash32("a")).not.toBe(hash32("b"));
  });

  it("escapes the texts it writes", () => {
    const svg = coverSvg({ ...cover, title: `<script>alert("x")</script> & Co'` });
    expect(svg).not.toMatch(/<script>/i);
    expect(svg).toContain("&lt;SCRIPT&gt;");
    expect(svg).toContain('aria-label="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;"');
  });
});
