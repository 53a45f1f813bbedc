import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { data, failure, get, send } from "./helpers";

const setMaintenance = (enabled: boolean) =>
  env.DB.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('maintenance', ?1)")
    .bind(JSON.stringify({ enabled, message: "Back at 06:00 UTC" }))
    .run();

describe("maintenance switch (settings.maintenance)", () => {
  beforeEach(() => setMaintenance(true));

  it("answers player calls with ApplicationDisabledException 503 and the operator's message", async () => {
    const e = await failure(get("account/getInfo"), 503, "ApplicationDisabledException");
    expect(e.message).toBe("Back at 06:00 UTC");
    await failure(get("storage/getKeys"), 503, "ApplicationDisabledException");
  });

  it("keeps locales, messages, metadata and content answering so the page can be branded", async () => {
    expect((await data(get("nfx/i18n/locales"))).defaultLocale).toBe("en");
    expect(await data(get("metadata/get"))).toHaveProperty("siteName");
    expect(await data(get("cms/getConfig"))).toHaveProperty("menus");
  });

  it("shows every page as the maintenance page: 503, empty layout, in the visitor's language", async () => {
    const res = await send("/es/about", { headers: { "user-agent": "Mozilla/5.0 Chrome/130" } });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('data-error="maintenance"');
    expect(html).toContain('lang="es"');
    expect(html).not.toContain('class="header"');
    // The operator's own words, under the page's translated text.
    expect(html).toContain('<p class="error-page__detail">Back at 06:00 UTC</p>');
  });

  it("says only the page's own words when the operator wrote none", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('maintenance', ?1)")
      .bind(JSON.stringify({ enabled: true }))
      .run();
    const e = await failure(get("account/getInfo"), 503, "ApplicationDisabledException");
    expect(e.params).toMatchObject({ maintenance: true, message: null });
    const html = await (await send("/about", { headers: { "user-agent": "Mozilla/5.0 Chrome/130" } })).text();
    expect(html).toContain('data-error="maintenance"');
    expect(html).not.toContain("error-page__detail");
  });

  it("is off again when the operator switches it off", async () => {
    await setMaintenance(false);
    expect((await data(get("account/getInfo"))).uid).toBe(0);
    const res = await send("/about");
    expect(res.status).toBe(200);
  });
});
