import type { VideoGame, WithContext } from "schema-dts";
import type { MetaDescriptor } from "react-router";
import type { SeoTemplate } from "../../../core/api/cms";
import { fillSeoTemplate, seoMeta } from "../content/seo.server";

export interface GameSeoFacts {
  title: string;
  provider: string;
  rtp: string;
  volatility: string;
  description: string;
  image: string;
  /** The page's canonical address, for the structured data. */
  url: string;
}

export interface GameSeo {
  title: string;
  description: string;
  /** Typed by schema-dts: schema.org's VideoGame, checked by the typecheck. */
  jsonLd: WithContext<VideoGame>;
}

/**
 * The game page's SEO (SPEC §2 SEO templates): the CMS template filled with the game's facts, or
 * the game's own title and description when the site has no template; plus schema.org structured
 * data, so crawlers see what the game is without running the frame.
 */
export function gameSeo(template: SeoTemplate | undefined, facts: GameSeoFacts): GameSeo {
  const values = { title: facts.title, provider: facts.provider, rtp: facts.rtp, volatility: facts.volatility };
  return {
    title: template ? fillSeoTemplate(template.title, values) : `${facts.title} · ${facts.provider}`,
    description: template ? fillSeoTemplate(template.description, values) : facts.description,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "VideoGame",
      name: facts.title,
      url: facts.url,
      image: new URL(facts.image, facts.url).href,
      description: facts.description,
      publisher: { "@type": "Organization", name: facts.provider },
      gamePlatform: "Web browser",
      applicationCategory: "Game",
    },
  };
}

/** The meta tags of a game page: title, description, Open Graph, and the JSON-LD block. */
export function gameMeta(seo: GameSeo, siteName: string): MetaDescriptor[] {
  return [...seoMeta({ title: seo.title, description: seo.description, openGraph: { type: "website" } }, siteName), { "script:ld+json": seo.jsonLd }];
}
