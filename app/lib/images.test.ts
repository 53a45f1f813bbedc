import { describe, expect, it } from "vitest";
import { ipxUrl, responsiveImage } from "./images";

const COVER = "/platform/covers/golden_phoenix.svg";

describe("ipxUrl", () => {
  it("spells the modifiers in one order, webp at quality 95 by default", () => {
    expect(ipxUrl(COVER)).toBe(`/_ipx/f_webp,q_95${COVER}`);
    expect(ipxUrl(COVER, { height: 400, width: 300 })).toBe(`/_ipx/f_webp,q_95,w_300,h_400${COVER}`);
    expect(ipxUrl("/images/logo.svg", { format: "png", fit: "contain", quality: 70, width: 10.4, background: "#fff" })).toBe(
      "/_ipx/f_png,fit_contain,q_70,w_10,b_fff/images/logo.svg",
    );
  });

  it("keeps the defaults when an option is passed on undefined", () => {
    expect(ipxUrl(COVER, { width: 300, quality: undefined, format: undefined })).toBe(`/_ipx/f_webp,q_95,w_300${COVER}`);
  });

  it("leaves paths the proxy does not serve as they are", () => {
    expect(ipxUrl("https://cdn.example/x.png", { width: 100 })).toBe("https://cdn.example/x.png");
    expect(ipxUrl("/api/x", { width: 100 })).toBe("/api/x");
  });
});

describe("responsiveImage", () => {
  it("gives 1x and 2x, with the height from the 1.3 size ratio when none is given", () => {
    expect(responsiveImage(COVER, { width: 200 })).toEqual({
      src: `/_ipx/f_webp,q_95,w_200,h_260${COVER}`,
      srcSet: `/_ipx/f_webp,q_95,w_200,h_260${COVER} 1x, /_ipx/f_webp,q_95,w_400,h_520${COVER} 2x`,
      width: 200,
      height: 260,
    });
  });

  it("caps the 2x at the proxy's largest side", () => {
    expect(responsiveImage(COVER, { width: 1500, height: 100 }).srcSet).toContain(`w_2048,h_137${COVER} 2x`);
  });

  it("with sizes, lists width descriptors for every screen range at both densities", () => {
    const image = responsiveImage(COVER, { width: 300, height: 400, sizes: { default: "50vw", sm: "33vw", lg: 240 } });
    // default: up to 640 → 320 css px; sm: up to 1024 → 338 → 340; lg: 240 px. Each at 1x and 2x.
    expect(image.srcSet.split(", ").map((s) => s.split(" ")[1])).toEqual(["240w", "320w", "340w", "480w", "640w", "680w"]);
    expect(image.srcSet).toContain(`/_ipx/f_webp,q_95,w_340,h_453${COVER} 340w`);
    expect(image.sizes).toBe("(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw");
    expect(image.src).toBe(`/_ipx/f_webp,q_95,w_300,h_400${COVER}`);
  });

  it("gives a plain src for images the proxy does not serve", () => {
    expect(responsiveImage("https://cdn.example/x.png", { width: 100 })).toEqual({ src: "https://cdn.example/x.png", srcSet: "", width: 100, height: 130 });
  });
});
