import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { checkSeedClaims } from "./seed-claims.mjs";
import { seedCopies } from "./seed-copy.mjs";
import { buildSeedStatements } from "./seed-sql.mjs";

describe("the seed's configured texts type no number (issue 40, decision 0084)", () => {
  const { seedWith, cleanup } = seedCopies();
  afterEach(cleanup);

  it("every seeded text's numbers are placeholders of its own object", () => {
    expect(() => checkSeedClaims("migrations/seed")).not.toThrow();
  });

  it("a wheel sector titled with a typed amount does not build, and names it", () => {
    const seed = seedWith("wheel-campaigns.json", (ws) =>
      ws.map((w) =>
        w.sysname === "daily-wheel"
          ? { ...w, sectors: w.sectors.map((s, i) => (i === 0 ? { ...s, texts: { ...s.texts, en: { title: "5.00 casino bonus" } } } : s)) }
          : w,
      ),
    );
    expect(() => buildSeedStatements(seed)).toThrow(/wheel 'daily-wheel' sector 0 \(bonus\) \(en\): a number typed as text: '5'/);
  });

  it("a tournament description with a typed prize does not build, and names it", () => {
    const seed = seedWith("tournaments.json", (ts) =>
      ts.map((t) =>
        t.sysname === "round-duel" ? { ...t, texts: { ...t.texts, es: { ...t.texts.es, description: "Solo gana el primer puesto: 10,00." } } } : t,
      ),
    );
    expect(() => buildSeedStatements(seed)).toThrow(/tournament 'round-duel' \(es\): a number typed as text: '10'/);
  });

  it("the content configuration's fallback sidebar banner types no number", () => {
    const seed = seedWith("cms/en.json", (cms) => ({ ...cms, sidebarBanner: { ...cms.sidebarBanner, subtitle: "100% up to $500 + 200 free spins" } }));
    expect(() => buildSeedStatements(seed)).toThrow(/content configuration's sidebar banner \(en\): a number typed as text: '100'/);
  });

  it("the banners' art bakes in no number: an advertised amount is the banner's text, filled from its object", () => {
    for (const file of readdirSync("public/images/banners")) {
      const texts = [...readFileSync(`public/images/banners/${file}`, "utf8").matchAll(/<text\b[^>]*>(.*?)<\/text>/gs)].map((m) =>
        m[1].replace(/<[^>]*>/g, ""),
      );
      // A podium's places (1, 2, 3) are a picture, not a claim; amounts, percentages and multiples are.
      expect(
        texts.filter((t) => /[%×]|\d{2,}|\+\s*\d/.test(t)),
        file,
      ).toEqual([]);
    }
  });
});
