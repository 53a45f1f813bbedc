import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseModifiers } from "../../workers/ipx/modifiers";
import { IMAGE_WIDTHS } from "../../core/image-ladder";
import { ipxUrl, responsiveImage, SCREENS, type ImageSizes } from "./images";

const COVER = "/platform/covers/golden_phoenix.svg";
/** A raster cover, as an operator's catalogue may have: the proxy draws it at each size. */
const RASTER = "/platform/covers/golden_phoenix.png";

/** The modifiers of a proxy URL, parsed by the proxy's own (ladder-checking) parser. */
const proxied = (url: string) => parseModifiers(/^\/_ipx\/([^/]+)\//.exec(url)![1]!);

describe("ipxUrl", () => {
  it("spells the modifiers in one order, webp at quality 95 by default", () => {
    expect(ipxUrl(RASTER)).toBe(`/_ipx/f_webp,q_95${RASTER}`);
    expect(ipxUrl(RASTER, { height: 400, width: 300 })).toBe(`/_ipx/f_webp,q_95,w_300,h_400${RASTER}`);
    expect(ipxUrl("/images/logo.png", { format: "png", fit: "contain", quality: 70, width: 10.4, background: "#fff" })).toBe(
      "/_ipx/f_png,fit_contain,q_75,w_40,b_ffffff/images/logo.png",
    );
  });

  it("snaps sizes and qualities up to the proxy's ladder, keeping the box's aspect", () => {
    expect(ipxUrl(RASTER, { width: 150, height: 200 })).toBe(`/_ipx/f_webp,q_95,w_160,h_213${RASTER}`);
    expect(ipxUrl("/images/banners/a.png", { width: 336, height: 180 })).toBe("/_ipx/f_webp,q_95,w_360,h_193/images/banners/a.png");
    expect(ipxUrl(RASTER, { width: 5000 })).toBe(`/_ipx/f_webp,q_95,w_2048${RASTER}`);
    expect(ipxUrl(RASTER, { height: 100 })).toBe(`/_ipx/f_webp,q_95,h_120${RASTER}`);
    expect(ipxUrl(RASTER, { width: 300, quality: 100 })).toBe(`/_ipx/f_webp,q_95,w_300${RASTER}`);
    // A box of no ladder aspect keeps the source's; a colour off the ladder is left out.
    expect(ipxUrl(RASTER, { width: 300, height: 123, background: "ff8800" })).toBe(`/_ipx/f_webp,q_95,w_300${RASTER}`);
  });

  it("keeps the defaults when an option is passed on undefined", () => {
    expect(ipxUrl(RASTER, { width: 300, quality: undefined, format: undefined })).toBe(`/_ipx/f_webp,q_95,w_300${RASTER}`);
  });

  it("links a vector source as it is: the proxy answers nothing else for it (decision 0062)", () => {
    expect(ipxUrl(COVER, { width: 300, height: 400 })).toBe(COVER);
    expect(ipxUrl("/images/logo.SVG", { format: "png", width: 40 })).toBe("/images/logo.SVG");
  });

  it("leaves paths the proxy does not serve as they are", () => {
    expect(ipxUrl("https://cdn.example/x.png", { width: 100 })).toBe("https://cdn.example/x.png");
    expect(ipxUrl("/api/x", { width: 100 })).toBe("/api/x");
  });

  it("only ever produces URLs the proxy serves (its own parser says so)", () => {
    const side = fc.option(fc.double({ min: 0.5, max: 6000, noNaN: true }), { nil: undefined });
    fc.assert(
      fc.property(
        side,
        side,
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
        fc.option(fc.constantFrom("fff", "#000000", "FFFFFF", "ff8800", "#abc"), { nil: undefined }),
        fc.constantFrom(undefined, "cover", "contain", "fill", "inside", "outside"),
        (width, height, quality, background, fit) => {
          expect(() => proxied(ipxUrl(RASTER, { width, height, quality, background, fit }))).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("responsiveImage", () => {
  it("gives 1x and 2x, with the height from the 1.3 size ratio when none is given", () => {
    expect(responsiveImage(RASTER, { width: 200 })).toEqual({
      src: `/_ipx/f_webp,q_95,w_200,h_260${RASTER}`,
      srcSet: `/_ipx/f_webp,q_95,w_200,h_260${RASTER} 1x, /_ipx/f_webp,q_95,w_480,h_624${RASTER} 2x`,
      width: 200,
      height: 260,
    });
  });

  it("caps the 2x at the proxy's largest side", () => {
    expect(responsiveImage(RASTER, { width: 1500, height: 500 }).srcSet).toContain(`w_2048,h_683${RASTER} 2x`);
  });

  it("with sizes, lists width descriptors for every screen range at both densities, on the ladder", () => {
    const image = responsiveImage(RASTER, { width: 300, height: 400, sizes: { default: "50vw", sm: "33vw", lg: 240 } });
    // default: up to 640 → 320 css px; sm: up to 1024 → 338 → 360; lg: 240 px. Each at 1x and 2x.
    expect(image.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["240w", "320w", "360w", "480w", "640w", "720w"]);
    expect(image.srcSet).toContain(`/_ipx/f_webp,q_95,w_360,h_480${RASTER} 360w`);
    expect(image.sizes).toBe("(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw");
    expect(image.src).toBe(`/_ipx/f_webp,q_95,w_300,h_400${RASTER}`);
  });

  it("every srcset candidate, for any sizes, is a ladder URL whose descriptor is the width drawn", () => {
    const screens = ["default", ...Object.keys(SCREENS)] as (keyof ImageSizes)[];
    const value = fc.oneof(
      fc.integer({ min: 1, max: 2500 }),
      fc.integer({ min: 1, max: 100 }).map((n) => `${n}vw` as const),
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...screens), value, { minKeys: 1 }),
        fc.constantFrom([300, 400], [336, 180], [1200, 400], [200, undefined], [60, 80]),
        (sizes, [width, height]) => {
          const image = responsiveImage(RASTER, { width: width!, height, sizes: sizes as ImageSizes });
          for (const candidate of [image.src, ...image.srcSet.split(", ")]) {
            const [url, descriptor] = candidate.split(" ");
            const m = proxied(url!);
            expect(IMAGE_WIDTHS).toContain(m.width);
            if (descriptor) expect(descriptor).toBe(`${m.width}w`);
          }
        },
      ),
    );
  });

  it("gives a vector source as it is, whatever the box and sizes: no proxy, no srcset", () => {
    for (const path of [COVER, "/platform/covers/providers/bluefin.svg", "/images/banners/welcome.SVG"]) {
      expect(responsiveImage(path, { width: 300, height: 400, sizes: { default: "46vw", xl: "15vw" } })).toEqual({
        src: path,
        srcSet: "",
        width: 300,
        height: 400,
      });
    }
  });

  it("gives a plain src for images the proxy does not serve", () => {
    expect(responsiveImage("https://cdn.example/x.png", { width: 100 })).toEqual({ src: "https://cdn.example/x.png", srcSet: "", width: 100, height: 130 });
  });
});
