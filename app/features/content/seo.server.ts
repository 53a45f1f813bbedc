import type { MetaDescriptor } from "react-router";
import type { Article, BreadcrumbList, FAQPage, Organization, Product, WithContext } from "schema-dts";
import type { Seo } from "../../../core/api/cms";

/**
 * Meta tags and structured data of a page's SEO block (SPEC §3 SEO). With `origin`, the links of
 * the structured data (breadcrumbs, organization, product image) are made absolute, as schema.org
 * consumers want them; without it they stay as the site wrote them. Each block is typed by
 * schema-dts (schema.org's vocabulary as TypeScript types): a property its type does not have, or
 * a value of the wrong kind, fails the typecheck.
 */
export function seoMeta(seo: Seo, siteName: string, origin?: string): MetaDescriptor[] {
  const abs = (link: string) => (origin ? new URL(link, origin).href : link);
  const tags: MetaDescriptor[] = [
    { title: seo.title.includes(siteName) ? seo.title : `${seo.title} | ${siteName}` },
    { name: "description", content: seo.description },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:site_name", content: siteName },
  ];
  if (seo.robots) tags.push({ name: "robots", content: seo.robots });
  for (const [k, v] of Object.entries(seo.openGraph ?? {})) tags.push({ property: `og:${k}`, content: v });
  for (const m of seo.meta ?? []) tags.push({ name: m.name, content: m.content });
  const ld = (block: WithContext<FAQPage | Article | Organization | BreadcrumbList | Product>) => tags.push({ "script:ld+json": block });
  if (seo.schemaFaq?.length) {
    ld({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: seo.schemaFaq.map((q) => ({
        "@type": "Question",
        name: q.question,
        acceptedAnswer: { "@type": "Answer", text: q.answer },
      })),
    });
  }
  if (seo.schemaArticle) {
    ld({ "@context": "https://schema.org", "@type": "Article", headline: seo.title, description: seo.description });
  }
  if (seo.organization) {
    const o = seo.organization;
    ld({ "@context": "https://schema.org", "@type": "Organization", name: o.name, url: abs(o.url), logo: abs(o.logo) });
  }
  if (seo.breadCrumbs?.length) {
    ld({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: seo.breadCrumbs.map((b, i) => ({ "@type": "ListItem", position: i + 1, name: b.name, item: abs(b.link) })),
    });
  }
  if (seo.product) {
    const p = seo.product;
    ld({
      "@context": "https://schema.org",
      "@type": "Product",
      name: p.name,
      ...(p.description ? { description: p.description } : {}),
      ...(p.image ? { image: abs(p.image) } : {}),
      ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
      ...(p.offers?.length
        ? {
            offers: p.offers.map((o) => ({
              "@type": "Offer",
              ...(o.name ? { name: o.name } : {}),
              price: o.price,
              priceCurrency: o.priceCurrency,
              availability: "https://schema.org/InStock",
            })),
          }
        : {}),
    });
  }
  return tags;
}

/**
 * Fills an SEO template's `{placeholders}` (SPEC §2 SEO templates). An unknown placeholder is left
 * out rather than shown to crawlers as `{name}`.
 */
export function fillSeoTemplate(template: string, values: Record<string, string>): string {
  return template
    .replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "")
    .replace(/\s{2,}/g, " ")
    .trim();
}
