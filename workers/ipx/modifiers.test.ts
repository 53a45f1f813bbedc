import { describe, expect, it } from "vitest";
import { place } from "./geometry";
import { canonicalKey, IpxInputError, parseModifiers, parseSourcePath } from "./modifiers";

const bad = (segment: string) => expect(() => parseModifiers(segment), segment).toThrow(IpxInputError);

describe("parseModifiers", () => {
  it("reads `_` as the defaults: webp, cover, quality 95", () => {
    expect(parseModifiers("_")).toEqual({ format: "webp", fit: "cover", quality: 95 });
  });

  it("reads every modifier, short and long, joined by & or ,", () => {
    expect(parseModifiers("f_png&fit_contain&w_120&h_90&q_80&b_ff8800")).toEqual({
      format: "png",
      fit: "contain",
      width: 120,
      height: 90,
      quality: 80,
      background: [255, 136, 0],
    });
    expect(parseModifiers("format_webp,fit_inside,width_10,height_20,quality_1,background_#abc")).toEqual({
      format: "webp",
      fit: "inside",
      width: 10,
      height: 20,
      quality: 1,
      background: [170, 187, 204],
    });
    expect(parseModifiers("s_300x400")).toMatchObject({ width: 300, height: 400 });
    expect(parseModifiers("resize_2048x2048,q_100")).toMatchObject({ width: 2048, height: 2048, quality: 100 });
    for (const fit of ["cover", "contain", "fill", "inside", "outside"]) expect(parseModifiers(`fit_${fit}`).fit).toBe(fit);
  });

  it("refuses unknown modifiers, bad values, repeats and sizes over the caps", () => {
    for (const s of ["", "zoom_2", "w", "w_", "w_abc", "w_0", "w_-5", "w_1.5", "w_2049", "h_99999", "q_0", "q_101", "q_9.5", "f_gif", "f_jpeg",
      "fit_stretch", "b_red", "b_12345", "s_300", "s_300x", "s_3000x10", "w_1,w_2", "s_10x10,w_5", "_,w_10"]) bad(s);
  });

  it("gives one cache key whatever the aliases and order", () => {
    const a = canonicalKey(parseModifiers("h_200&w_100&q_95"), "/images/x.png");
    const b = canonicalKey(parseModifiers("width_100,height_200,f_webp,fit_cover"), "/images/x.png");
    expect(a).toBe(b);
    expect(a).toBe("/_ipx/f_webp,fit_cover,q_95,w_100,h_200/images/x.png");
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
