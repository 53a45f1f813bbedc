import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { motifsModule, OUT_FILE } from "../../../scripts/gen-motifs.mjs";
import { coverTheme, THEME_MOTIFS } from "./cover-themes";
import { coverSvg, hash32 } from "./covers";
import { MOTIFS } from "./motifs.generated";

const theme = (title: string, kind = "slot") => coverTheme(title, kind, hash32(title));

describe("cover themes", () => {
  it("reads the hero from the title's noun, the accent and palette from its adjective", () => {
    expect(theme("Golden Phoenix")).toMatchObject({ id: "golden+phoenix", hero: "fire", accent: "coin", hue: 42, badge: null });
    expect(theme("Frozen Koi Live Roulette", "live")).toMatchObject({ hero: "tropical-fish", accent: "snowflake", badge: "bullseye" });
    expect(theme("Viking Wolves Blackjack", "table")).toMatchObject({ hero: "wolf", accent: "shield", badge: "spade-suit" });
    expect(theme("Neon Sevens Crash", "fast")).toMatchObject({ hero: "keycap-7", badge: "rocket" });
    // "Dragon" is an adjective of the catalogue and a noun elsewhere: as the first of two it is the mood.
    expect(theme("Dragon Pyramids")).toMatchObject({ hero: "desert", accent: "dragon" });
    expect(theme("Dragon")).toMatchObject({ hero: "dragon", accent: null });
  });

  it("gives a title without known words its kind's motif and a hue from the seed", () => {
    expect(coverTheme("Sportsbook", "sport", 7)).toMatchObject({ id: "kind:sport", hero: "soccer-ball", accent: null, hue: 7 });
    expect(coverTheme("Zzyzx", "live", 400)).toMatchObject({ hero: "video-camera", hue: 40 });
    expect(coverTheme("Zzyzx", "unknown-kind", 1).hero).toBe("slot-machine");
  });

  it("is deterministic per game and distinct across themes", () => {
    const titles = ["Golden Phoenix", "Wild Tiger", "Lucky Fruits", "Royal Gems", "Mystic Temple", "Frozen Reef", "Cosmic Galaxy", "Pirate Harbor"];
    const themes = titles.map((t) => theme(t));
    expect(titles.map((t) => theme(t))).toEqual(themes);
    expect(new Set(themes.map((t) => t.hero)).size).toBe(titles.length);
    expect(new Set(themes.map((t) => t.accent)).size).toBe(titles.length);
    expect(new Set(themes.map((t) => t.hue)).size).toBe(titles.length);
  });
});

describe("cover drawing", () => {
  const cover = { sysname: "frozen_koi_live_roulette", title: "Frozen Koi Live Roulette", kind: "live" };

  it("draws the theme's motifs over its palette, and the title once", () => {
    const svg = coverSvg(cover);
    expect(svg).toContain('data-theme="frozen+koi"');
    for (const m of ["tropical-fish", "snowflake", "bullseye"] as const) expect(svg).toContain(`<g id="m-${m}">${MOTIFS[m]}</g>`);
    expect(svg).toContain("hsl(200 85% 58%)");
    expect(svg.match(/<text /g)).toHaveLength(2); // "FROZEN KOI LIVE" / "ROULETTE"
    expect(svg).toContain(">FROZEN KOI<");
    expect(svg).not.toMatch(/Aurora|provider/i);
  });

  it("places the accents by the sysname, so two games of one theme differ", () => {
    const other = coverSvg({ ...cover, sysname: "frozen_koi_live" });
    expect(other).not.toBe(coverSvg(cover));
    expect(other).toContain('data-theme="frozen+koi"');
  });
});

describe("motifs.generated.ts", () => {
  it("holds exactly the motifs the themes name, as scripts/gen-motifs.mjs writes them", () => {
    expect(Object.keys(MOTIFS).sort()).toEqual([...THEME_MOTIFS].sort());
    expect(readFileSync(OUT_FILE, "utf8")).toBe(motifsModule([...THEME_MOTIFS]));
  });
});
