import type { MetaDescriptor } from "react-router";
import type { Seo } from "../../lib/api/cms";

/** Meta tags and structured data of a page's SEO block (SPEC §3 SEO). */
export function seoMeta(seo: Seo, siteName: string): MetaDescriptor[] {
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
  if (seo.schemaFaq?.length) {
    tags.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: seo.schemaFaq.map((q) => ({
          "@type": "Question",
          name: q.question,
          acceptedAnswer: { "@type": "Answer", text: q.answer },
        })),
      },
    });
  }
  if (seo.schemaArticle) {
    tags.push({ "script:ld+json": { "@context": "https://schema.org", "@type": "Article", headline: seo.title, description: seo.description } });
  }
  if (seo.organization) {
    tags.push({ "script:ld+json": { "@context": "https://schema.org", "@type": "Organization", ...seo.organization } });
  }
  if (seo.breadCrumbs?.length) {
    tags.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: seo.breadCrumbs.map((b, i) => ({ "@type": "ListItem", position: i + 1, name: b.name, item: b.link })),
      },
    });
  }
  return tags;
}

/**
 * Fills an SEO template's `{placeholders}` (SPEC §2 SEO templates). An unknown placeholder is left
 * out rather than shown to crawlers as `{name}`.
 */
export function fillSeoTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "").replace(/\s{2,}/g, " ").trim();
}
