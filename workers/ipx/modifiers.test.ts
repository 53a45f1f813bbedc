import { describe, expect, it } from "vitest";
import { place } from "./geometry";
import { canonicalKey, IpxInputError, parseModifiers, parseSourcePath } from "./modifiers";

const bad = (segment: string) => expect(() => parseModifiers(segment), segment).toThrow(IpxInputError);

describe("parseModifiers", () => {
  it("reads `_` as the defaults: webp, cover, quality 95", () => {
    expect(parseModifiers("_")).toEqual({ format: "webp", fit: "cover", quality: 95 });
  });

  it("reads every modifier, short and long, joined by & or ,", () => {
    expect(parseModifiers("f_png&fit_contain&w_120&h_160&q_75&b_ffffff")).toEqual({
      format: "png",
      fit: "contain",
      width: 120,
      height: 160,
      quality: 75,
      background: [255, 255, 255],
    });
    expect(parseModifiers("format_webp,fit_inside,width_40,height_40,quality_50,background_#000")).toEqual({
      format: "webp",
      fit: "inside",
      width: 40,
      height: 40,
      quality: 50,
      background: [0, 0, 0],
    });
    expect(parseModifiers("s_300x400")).toMatchObject({ width: 300, height: 400 });
    expect(parseModifiers("resize_2048x2048,q_95")).toMatchObject({ width: 2048, height: 2048, quality: 95 });
    expect(parseModifiers("h_120")).toMatchObject({ height: 120 });
    for (const fit of ["cover", "contain", "fill", "inside", "outside"]) expect(parseModifiers(`fit_${fit}`).fit).toBe(fit);
  });

  it("refuses unknown modifiers, bad values, repeats and sizes over the caps", () => {
    for (const s of [
      "",
      "zoom_2",
      "w",
      "w_",
      "w_abc",
      "w_0",
      "w_-5",
      "w_1.5",
      "w_2049",
      "h_99999",
      "q_0",
      "q_101",
      "q_9.5",
      "f_gif",
      "f_jpeg",
      "fit_stretch",
      "b_red",
      "b_12345",
      "s_300",
      "s_300x",
      "s_3000x10",
      "w_1,w_2",
      "s_10x10,w_5",
      "_,w_10",
    ])
      bad(s);
  });

  it("refuses sizes, qualities and colours off the ladder (core/image-ladder.ts) with the reason", () => {
    const reason = (segment: string) => {
      try {
        parseModifiers(segment);
      } catch (e) {
        return (e as Error).message;
      }
      return "accepted";
    };
    expect(reason("w_301")).toMatch(/^width 301 is not served; widths: 40, 60/);
    expect(reason("h_301")).toMatch(/^height 301 is not served alone/);
    expect(reason("w_300,h_401")).toBe("height 401 does not fit width 300; heights for it: 400, 390, 161, 100, 300");
    expect(reason("q_80")).toBe("quality must be one of 50, 75, 95");
    expect(reason("b_ff8800")).toBe("background must be one of ffffff, 000000");
    for (const ok of ["w_300,h_400", "w_360,h_480", "w_200,h_260", "w_360,h_193", "w_1536,h_512", "w_2048", "q_50"]) expect(reason(ok)).toBe("accepted");
  });

  it("gives one cache key whatever the aliases and order", () => {
    const a = canonicalKey(parseModifiers("h_160&w_120&q_95"), "/images/x.png");
    const b = canonicalKey(parseModifiers("width_120,height_160,f_webp,fit_cover"), "/images/x.png");
    expect(a).toBe(b);
    expect(a).toBe("/_ipx/f_webp,fit_cover,q_95,w_120,h_160/images/x.png");
  });
});

describe("parseSourcePath", () => {
  it("accepts covers and public images", () => {
    expect(parseSourcePath("/platform/covers/golden_phoenix.svg")).toBe("/platform/covers/golden_phoenix.svg");
    expect(parseSourcePath("/images/banners/a%20b.png")).toBe("/images/banners/a b.png");
  });

  it.each([
    "/https://evil.example/x.png",
    "//evil.example/x.png",
    "/%2F%2Fevil.example/x.png",
    "/http%3A%2F%2Fevil.example%2Fx.png",
    "/images/..%2F..%2Fapi%2Fx",
    "/images/%2e%2e/api",
    "/images/./x.png",
    "/images\\..\\x",
    "/images/%5c..%5cx",
    "/images/x%00.png",
    "/images/%ZZ",
    "/api/games.get",
    "/platform/game/x",
    "/javascript:alert(1)",
  ])("refuses %s", (path) => {
    expect(() => parseSourcePath(path)).toThrow(IpxInputError);
  });
});

describe("place", () => {
  it("keeps the aspect when one side or none is asked", () => {
    expect(place(300, 400, "cover")).toMatchObject({ width: 300, height: 400 });
    expect(place(300, 400, "cover", 150)).toMatchObject({ width: 150, height: 200 });
    expect(place(300, 400, "contain", undefined, 100)).toMatchObject({ width: 75, height: 100 });
  });

  it("cover crops, contain letterboxes, fill stretches, inside and outside keep the aspect", () => {
    expect(place(300, 400, "cover", 200, 200)).toEqual({ width: 200, height: 200, drawWidth: 200, drawHeight: 267, x: 0, y: -33 });
    expect(place(300, 400, "contain", 200, 200)).toEqual({ width: 200, height: 200, drawWidth: 150, drawHeight: 200, x: 25, y: 0 });
    expect(place(300, 400, "fill", 200, 200)).toEqual({ width: 200, height: 200, drawWidth: 200, drawHeight: 200, x: 0, y: 0 });
    expect(place(300, 400, "inside", 200, 200)).toMatchObject({ width: 150, height: 200 });
    expect(place(300, 400, "outside", 200, 200)).toMatchObject({ width: 200, height: 267 });
  });
});
