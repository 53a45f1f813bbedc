import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { send } from "./helpers";

const browser = { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36" } };

// Each test breaks the site on purpose; the site-data cache is keyed by origin, so each uses its own.
describe("fatal start-up errors (SPEC §5, §8)", () => {
  it("answers 500 'PLUGIN:I18N: LOCALES NOT FOUND' when no locales are configured", async () => {
    await env.DB.prepare("UPDATE locales SET is_enabled = 0").run();
    try {
      const res = await send(new Request("https://no-locales.test/about", browser));
      expect(res.status).toBe(500);
      expect(await res.text()).toContain("PLUGIN:I18N: LOCALES NOT FOUND");
    } finally {
      await env.DB.prepare("UPDATE locales SET is_enabled = 1").run();
    }
  });

  it("answers the fatal 404 'PLUGIN:INIT: …' when the site's static data cannot be read", async () => {
    const { config } = (await env.DB.prepare("SELECT config FROM cms_configs WHERE locale = 'en'").first<{ config: string }>())!;
    await env.DB.prepare("UPDATE cms_configs SET config = '{\"broken\": true}' WHERE locale = 'en'").run();
    try {
      const res = await send(new Request("https://broken-cms.test/", browser));
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("PLUGIN:INIT:");
      expect(html).toContain('data-error="notFound"');
    } finally {
      await env.DB.prepare("UPDATE cms_configs SET config = ?1 WHERE locale = 'en'").bind(config).run();
    }
  });

  it("shows crawlers a bare noindex answer instead of the error page", async () => {
    const res = await send(new Request("https://bots.test/no-such-page", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }));
    expect(res.status).toBe(404);
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const html = await res.text();
    expect(html).toContain('content="noindex"');
    expect(html).not.toContain("data-error");
  });
});
