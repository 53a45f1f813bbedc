import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import cmsAr from "../../migrations/seed/cms/ar.json";
import cmsEn from "../../migrations/seed/cms/en.json";
import cmsEs from "../../migrations/seed/cms/es.json";
import pagesEn from "../../migrations/seed/pages/en.json";
import pagesEs from "../../migrations/seed/pages/es.json";
import seedRedirects from "../../migrations/seed/redirects.json";
import { data, failure, get, post } from "./helpers";

const sortedSlugs = (pages: { slug: string }[]) => pages.map((p) => p.slug).sort();

beforeAll(async () => {
  // A page that exists in English only, to see the fallback to the default locale.
  await env.DB.prepare(
    `INSERT INTO content_pages (slug, locale, title, content, seo, updated_at)
     VALUES ('english-only', 'en', 'English only', '<p>Only here</p>', '{"title":"English only","description":"d"}', 1700000000)`,
  ).run();
});

describe("GET /api/cms/getConfig", () => {
  it("answers the configuration of the default locale", async () => {
    expect(await data(get("cms/getConfig"))).toEqual(cmsEn);
  });

  it("answers the configuration of the locale asked, as a parameter or as the request locale", async () => {
    expect(await data(get("cms/getConfig", { locale: "ar" }))).toEqual(cmsAr);
    expect(await data(get("cms/getConfig", {}, { cookie: "locale=es" }))).toEqual(cmsEs);
  });

  it("falls back to the default locale's configuration for a well-formed locale without one", async () => {
    expect(await data(get("cms/getConfig", { locale: "fr" }))).toEqual(cmsEn);
  });

  it.each(["EN", "english", "e"])("refuses the malformed locale %s with 400", async (locale) => {
    const e = await failure(get("cms/getConfig", { locale }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["locale"]);
  });

  it("answers 503 ApplicationUnavailable when no configuration exists at all", async () => {
    const rows = (await env.DB.prepare("SELECT locale, config FROM cms_configs").all<{ locale: string; config: string }>()).results;
    await env.DB.prepare("DELETE FROM cms_configs").run();
    try {
      await failure(get("cms/getConfig"), 503, "ApplicationUnavailableException");
    } finally {
      const insert = env.DB.prepare("INSERT INTO cms_configs (locale, config) VALUES (?1, ?2)");
      await env.DB.batch(rows.map((r) => insert.bind(r.locale, r.config)));
    }
  });

  it("refuses POST with 405", async () => {
    await failure(post("cms/getConfig"), 405, "InvalidRequestException");
  });
});

describe("GET /api/cms/getRedirects", () => {
  it("answers the configured redirects in order", async () => {
    const redirects = await data(get("cms/getRedirects"));
    expect(redirects).toEqual(seedRedirects.map((r) => ({ from_url: r.from_url, to_url: r.to_url, external: r.external, status: r.status ?? 301 })));
    expect(redirects.some((r: { from_url: string }) => r.from_url.endsWith("*"))).toBe(true);
  });

  it("does not depend on the locale", async () => {
    expect(await data(get("cms/getRedirects", { locale: "ar" }))).toEqual(await data(get("cms/getRedirects")));
  });

  it("refuses POST with 405", async () => {
    await failure(post("cms/getRedirects"), 405, "InvalidRequestException");
  });
});

describe("GET /api/cms/getPage", () => {
  it("answers a page by slug in the default locale", async () => {
    const seeded = pagesEn[0]!;
    const page = await data(get("cms/getPage", { slug: seeded.slug }));
    expect(page).toEqual({
      slug: seeded.slug,
      locale: "en",
      title: seeded.title,
      content: seeded.content,
      seo: seeded.seo,
      updated_at: expect.any(Number),
    });
  });

  it("answers the page of the locale asked", async () => {
    const seeded = pagesEs[0]!;
    const page = await data(get("cms/getPage", { slug: seeded.slug, locale: "es" }));
    expect(page).toMatchObject({ slug: seeded.slug, locale: "es", title: seeded.title });
  });

  it("falls back to the default locale when the page is not translated", async () => {
    const page = await data(get("cms/getPage", { slug: "english-only", locale: "es" }));
    expect(page).toMatchObject({ slug: "english-only", locale: "en", title: "English only" });
  });

  it("answers data null for an unknown slug", async () => {
    expect(await data(get("cms/getPage", { slug: "no-such-page" }))).toBeNull();
  });

  it.each(["About", "../etc/passwd", "a_b", "-leading-dash", "a".repeat(81), "spa ce"])("refuses the malformed slug %j with 400", async (slug) => {
    const e = await failure(get("cms/getPage", { slug }), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.slug?.[0]).toMatch(/slug may hold/);
  });

  it("refuses a call without a slug, or with a malformed locale", async () => {
    expect(Object.keys((await failure(get("cms/getPage"), 400, "InvalidParameterException")).invalid_parameters ?? {})).toEqual(["slug"]);
    const e = await failure(get("cms/getPage", { slug: "about", locale: "ES" }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["locale"]);
  });
});

describe("GET /api/cms/getPages", () => {
  it("lists the page summaries of the default locale, by slug", async () => {
    const pages = await data<{ slug: string; title: string; updated_at: number }[]>(get("cms/getPages"));
    expect(pages.map((p) => p.slug)).toEqual(sortedSlugs([...pagesEn, { slug: "english-only" }]));
    for (const p of pages) expect(Object.keys(p).sort()).toEqual(["slug", "title", "updated_at"]);
    expect(pages.find((p) => p.slug === pagesEn[0]!.slug)?.title).toBe(pagesEn[0]!.title);
  });

  it("lists the pages of the locale asked", async () => {
    const pages = await data<{ slug: string }[]>(get("cms/getPages", { locale: "es" }));
    expect(pages.map((p) => p.slug)).toEqual(sortedSlugs(pagesEs));
  });

  it("lists the default locale's pages for a locale that has none", async () => {
    const pages = await data<{ slug: string }[]>(get("cms/getPages", { locale: "fr" }));
    expect(pages.map((p) => p.slug)).toEqual(sortedSlugs([...pagesEn, { slug: "english-only" }]));
  });

  it("refuses a malformed locale with 400", async () => {
    await failure(get("cms/getPages", { locale: "french" }), 400, "InvalidParameterException");
  });

  it("refuses POST with 405", async () => {
    await failure(post("cms/getPages"), 405, "InvalidRequestException");
  });
});
