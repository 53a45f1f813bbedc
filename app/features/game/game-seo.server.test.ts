import { describe, expect, it } from "vitest";
import { gameMeta, gameSeo } from "./game-seo.server";

const facts = {
  title: "Golden Phoenix",
  provider: "Aurora Reels",
  rtp: "96.20 %",
  volatility: "high",
  description: "A slot.",
  image: "/platform/covers/golden_phoenix.svg",
  url: "https://casino.example/game/golden_phoenix",
};

describe("gameSeo", () => {
  it("fills the site's template with the game's facts", () => {
    const seo = gameSeo({ title: "{title} by {provider}", description: "RTP {rtp}, {volatility} volatility" }, facts);
    expect(seo.title).toBe("Golden Phoenix by Aurora Reels");
    expect(seo.description).toBe("RTP 96.20 %, high volatility");
  });

  it("falls back to the game's own texts without a template", () => {
    const seo = gameSeo(undefined, facts);
    expect(seo.title).toBe("Golden Phoenix · Aurora Reels");
    expect(seo.description).toBe("A slot.");
  });

  it("describes the game as a schema.org VideoGame published by its provider", () => {
    const { jsonLd } = gameSeo(undefined, facts);
    expect(jsonLd).toMatchObject({
      "@type": "VideoGame",
      name: "Golden Phoenix",
      url: facts.url,
      image: "https://casino.example/platform/covers/golden_phoenix.svg",
      publisher: { "@type": "Organization", name: "Aurora Reels" },
    });
  });

  it("emits the title with the site name and the JSON-LD block", () => {
    const tags = gameMeta(gameSeo(undefined, facts), "Playfront");
    expect(tags[0]).toEqual({ title: "Golden Phoenix · Aurora Reels | Playfront" });
    expect(tags.some((t) => "script:ld+json" in t)).toBe(true);
  });
});
