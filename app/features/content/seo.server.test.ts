import { describe, expect, it } from "vitest";
import { seoMeta } from "./seo.server";

const ldOf = (tags: ReturnType<typeof seoMeta>, type: string) =>
  tags.map((t) => (t as { "script:ld+json"?: { "@type": string } })["script:ld+json"]).find((ld) => ld?.["@type"] === type) as Record<string, any> | undefined;

describe("seoMeta structured data", () => {
  const base = { title: "Terms", description: "The rules." };

  it("makes breadcrumb, organization and product links absolute against the site's origin", () => {
    const tags = seoMeta(
      {
        ...base,
        breadCrumbs: [
          { name: "Home", link: "/" },
          { name: "Terms", link: "/es/terms" },
        ],
        organization: { name: "Playfront", url: "/", logo: "/images/logo.svg" },
        product: { name: "VPN 30 days", image: "/images/vpn.svg", brand: "Playfront", offers: [{ price: "9.99", priceCurrency: "USD" }] },
      },
      "Playfront",
      "https://casino.example",
    );
    expect(ldOf(tags, "BreadcrumbList")!.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://casino.example/" },
      { "@type": "ListItem", position: 2, name: "Terms", item: "https://casino.example/es/terms" },
    ]);
    expect(ldOf(tags, "Organization")).toMatchObject({ url: "https://casino.example/", logo: "https://casino.example/images/logo.svg" });
    expect(ldOf(tags, "Product")).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "VPN 30 days",
      image: "https://casino.example/images/vpn.svg",
      brand: { "@type": "Brand", name: "Playfront" },
      offers: [{ "@type": "Offer", price: "9.99", priceCurrency: "USD", availability: "https://schema.org/InStock" }],
    });
  });

  it("leaves links as written without an origin, and adds no block the page does not carry", () => {
    const tags = seoMeta({ ...base, breadCrumbs: [{ name: "Home", link: "/" }] }, "Playfront");
    expect(ldOf(tags, "BreadcrumbList")!.itemListElement[0].item).toBe("/");
    expect(ldOf(tags, "Product")).toBeUndefined();
    expect(ldOf(tags, "FAQPage")).toBeUndefined();
  });
});
