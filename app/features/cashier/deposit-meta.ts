import type { MetaDescriptor } from "react-router";

/**
 * The deposit pages' meta when the site has a deposit SEO template (SPEC §2 SEO templates): its
 * title and description, filled by the loader; player-only pages, so never indexed. Null without
 * one: the cashier's own meta stands.
 */
export function depositMeta(d: { seo: { title: string; description: string } | null; siteName: string } | undefined): MetaDescriptor[] | null {
  if (!d?.seo) return null;
  return [{ title: `${d.seo.title} | ${d.siteName}` }, { name: "description", content: d.seo.description }, { name: "robots", content: "noindex" }];
}
