import { describe, expect, it } from "vitest";
import { wordmarkEtag, wordmarkPath, wordmarkStyle, wordmarkSvg } from "./wordmarks";

// The seeded studios (migrations/0008_games.sql).
const STUDIOS = [
  "aurora_reels",
  "bluefin",
  "copperleaf",
  "driftwood",
  "emberlight",
  "foxglove",
  "granite_peak",
  "hollowmoon",
  "ironbark",
  "jadewing",
  "kettlebrook",
  "lanternfish",
  "marigold",
  "northwind",
  "oakhaven",
  "pebblestone",
  "quillfeather",
  "redcanyon",
  "silverbirch",
  "tidewater",
  "umberfield",
  "velvetine",
  "willowmere",
  "xenonbolt",
  "yarrowsky",
  "pf_originals",
];

describe("provider wordmarks", () => {
  it("compose the same wordmark for the same studio, and a distinct one for each seeded studio", () => {
    const bluefin = { sysname: "bluefin", name: "Bluefin Gaming", position: 2 };
    expect(wordmarkStyle(bluefin)).toEqual(wordmarkStyle({ ...bluefin }));
    expect(wordmarkSvg(bluefin)).toBe(wordmarkSvg({ ...bluefin }));
    const styles = STUDIOS.map((sysname, i) => wordmarkStyle({ sysname, position: i + 1 }));
    // No two studios look alike: same mark, case and slant with hues under 20° apart.
    const alike = styles.flatMap((a, i) =>
      styles
        .slice(i + 1)
        .filter(
          (b) => a.mark === b.mark && a.upper === b.upper && a.slant === b.slant && Math.min(Math.abs(a.hue - b.hue), 360 - Math.abs(a.hue - b.hue)) < 20,
        ),
    );
    expect(alike).toEqual([]);
    // Every mark, both cases and a slant are in use.
    expect(new Set(styles.map((s) => s.mark)).size).toBe(6);
    expect(new Set(styles.map((s) => s.upper))).toEqual(new Set([true, false]));
    expect(styles.some((s) => s.slant !== 0)).toBe(true);
  });

  it("writes the first word large, the rest as a tagline, initials in the mark", () => {
    const svg = wordmarkSvg({ sysname: "tidewater", name: "Tidewater Live Studios", position: 20 });
    expect(svg).toMatch(/>(TIDEWATER|Tidewater)<\/text>/);
    expect(svg).toContain(">LIVE STUDIOS</text>");
    expect(svg).toContain(">T</text>"); // a diamond (place 20) holds one letter
    expect(wordmarkSvg({ sysname: "tidewater", name: "Tidewater Live Studios", position: 21 })).toContain(">TL</text>");
    expect(svg).toContain('aria-label="Tidewater Live Studios"');
    expect(wordmarkSvg({ sysname: "hollowmoon", name: "Hollowmoon", position: 8 })).toContain(">H</text>");
  });

  it("escapes the name and is served under the covers' path", () => {
    const svg = wordmarkSvg({ sysname: "x", name: `<b>"A&B"</b> Co`, position: 1 });
    expect(svg).not.toContain("<b>");
    expect(svg).toContain('aria-label="&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt; Co"');
    expect(svg).toMatch(/>&lt;(b|B)&gt;&quot;A&amp;B&quot;&lt;\/(b|B)&gt;<\/text>/);
    expect(wordmarkPath("bluefin")).toBe("/platform/covers/providers/bluefin.svg");
    expect(wordmarkEtag({ sysname: "a", name: "A", position: 1 })).not.toBe(wordmarkEtag({ sysname: "a", name: "B", position: 1 }));
  });
});
