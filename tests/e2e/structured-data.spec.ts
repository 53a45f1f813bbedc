import { expect, test } from "./fixtures";

/**
 * The JSON-LD crawlers read (issue 24: FAQ, Article, Organization, Product, BreadcrumbList, and the
 * game page's VideoGame) validates against its schema.org type as rendered: the builders are typed
 * by schema-dts, so a property a type lacks fails the typecheck; this checks the pages carry the
 * blocks, with what schema.org's types and Google's rich results require of them, and absolute
 * links on this site.
 */

type Ld = Record<string, unknown> & { "@type": string };

/** For each type: the properties a consumer needs, and what else must hold. */
const TYPES: Record<string, { required: string[]; check?: (ld: Ld, origin: string) => void }> = {
  FAQPage: {
    required: ["mainEntity"],
    check: (ld) => expect((ld.mainEntity as Ld[]).length).toBeGreaterThan(0),
  },
  Question: { required: ["name", "acceptedAnswer"] },
  Answer: { required: ["text"] },
  // Google shows at most 110 characters of a headline.
  Article: { required: ["headline"], check: (ld) => expect((ld.headline as string).length).toBeLessThanOrEqual(110) },
  Organization: { required: ["name"] },
  Brand: { required: ["name"] },
  BreadcrumbList: {
    required: ["itemListElement"],
    // Positions count from 1 in order.
    check: (ld) => expect((ld.itemListElement as Ld[]).map((i) => i.position)).toEqual((ld.itemListElement as Ld[]).map((_, n) => n + 1)),
  },
  ListItem: { required: ["position", "name", "item"] },
  Product: { required: ["name", "offers"] },
  Offer: {
    required: ["price", "priceCurrency"],
    check: (ld) => {
      expect(String(ld.price)).toMatch(/^\d+(\.\d+)?$/);
      expect(ld.priceCurrency).toMatch(/^[A-Z]{3}$/);
    },
  },
  VideoGame: { required: ["name", "url", "description"] },
};

/** Links crawlers follow: absolute; those of the site's own pages on this origin. */
const LINKS = ["url", "item", "logo", "image"];
const OWN = ["url", "item"];

/** Validates a block and every typed object inside it; answers the types it saw. */
function validate(ld: unknown, origin: string, seen: string[] = [], top = true): string[] {
  if (Array.isArray(ld)) {
    for (const x of ld) validate(x, origin, seen, false);
    return seen;
  }
  if (typeof ld !== "object" || ld === null) return seen;
  const o = ld as Ld;
  if (top) expect(o["@context"], "a block names schema.org as its context").toBe("https://schema.org");
  if (typeof o["@type"] === "string") {
    const rule = TYPES[o["@type"]];
    expect(rule, `a known schema.org type: ${o["@type"]}`).toBeDefined();
    for (const p of rule!.required) expect(o[p], `${o["@type"]}.${p}`).toBeTruthy();
    rule!.check?.(o, origin);
    for (const p of LINKS) {
      if (typeof o[p] !== "string") continue;
      const url = new URL(o[p] as string);
      expect(url.protocol).toMatch(/^https?:$/);
      if (OWN.includes(p) && o["@type"] !== "VideoGame") expect(url.origin, `${o["@type"]}.${p} on this site`).toBe(origin);
    }
    seen.push(o["@type"]);
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith("@")) validate(v, origin, seen, false);
  return seen;
}

const PAGES: Array<[string, string[]]> = [
  ["/", ["Organization"]],
  ["/about", ["Article", "BreadcrumbList"]],
  ["/faq", ["FAQPage", "Question", "Answer", "BreadcrumbList"]],
  ["/es/terms", ["BreadcrumbList", "ListItem"]],
  ["/vpn", ["Product", "Offer"]],
  ["/game/fortune_panda", ["VideoGame", "Organization"]],
];

test.describe("structured data", () => {
  for (const [path, types] of PAGES) {
    test(`${path}: its JSON-LD validates as ${types.join(", ")}`, async ({ page }) => {
      await page.goto(path);
      const origin = new URL(page.url()).origin;
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b) as unknown);
      expect(blocks.length).toBeGreaterThan(0);
      const seen = blocks.flatMap((b) => validate(b, origin));
      for (const t of types) expect(seen, `${path} carries ${t}`).toContain(t);
      // The site's own organization (the home page's) names its address and logo.
      if (path === "/")
        expect(blocks.find((b) => (b as Ld)["@type"] === "Organization")).toMatchObject({ url: `${origin}/`, logo: `${origin}/images/logo.svg` });
    });
  }

  test("the check can fail: a Question without its answer, an unknown type, a relative link", () => {
    const origin = "http://127.0.0.1";
    expect(() =>
      validate({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Is it fair?" }] }, origin),
    ).toThrow();
    expect(() => validate({ "@context": "https://schema.org", "@type": "Casino", name: "x" }, origin)).toThrow();
    expect(() => validate({ "@context": "https://schema.org", "@type": "Organization", name: "x", url: "/" }, origin)).toThrow();
  });
});
