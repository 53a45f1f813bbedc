import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import seedLocales from "../../migrations/seed/locales.json";
import settings from "../../migrations/seed/settings.json";
import { data, failure, get, post } from "./helpers";

describe("GET /api/metadata/get", () => {
  it("answers the site metadata as the operator configured it", async () => {
    const meta = await data(get("metadata/get"));
    expect(meta).toEqual(settings.metadata);
    expect(meta.themes).toContain(meta.defaultTheme);
    expect(meta.logo).toMatchObject({ src: expect.any(String), width: expect.any(Number), height: expect.any(Number) });
    expect(["default", "PWA", "webViewApp"]).toContain(meta.platformType);
    expect(meta.manifest.icons.length).toBeGreaterThan(0);
  });

  it("is the same for every locale", async () => {
    expect(await data(get("metadata/get", { locale: "ar" }))).toEqual(await data(get("metadata/get")));
  });

  it("refuses POST with 405", async () => {
    await failure(post("metadata/get"), 405, "InvalidRequestException");
  });

  it("answers 503 ApplicationUnavailable, not a 500, when the operator has not configured it", async () => {
    const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'metadata'").first<{ value: string }>();
    await env.DB.prepare("DELETE FROM settings WHERE key = 'metadata'").run();
    try {
      const e = await failure(get("metadata/get"), 503, "ApplicationUnavailableException");
      expect(e.message).toMatch(/metadata/);
    } finally {
      await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('metadata', ?1)").bind(row!.value).run();
    }
  });
});

describe("GET /api/metadata/getgeneralinfo", () => {
  const types: Record<string, string> = {
    analytic: "object",
    available_currencies: "array",
    available_locales: "array",
    default_currency: "string",
    is_seon_enabled: "boolean",
    domain_state: "string",
    domain_type: "string",
    is_bonus_isolation_enabled: "boolean",
    time_to_force_logout: "integer",
    is_game_history_export_enabled: "boolean",
    user_inactivity_cashier_time: "integer",
    user_inactivity_pp_time: "integer",
  };
  const typeOf = (v: unknown) => (Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v);

  it("answers every general-info field with its type", async () => {
    const info = await data(get("metadata/getgeneralinfo"));
    expect(Object.keys(info).sort()).toEqual(Object.keys(types).sort());
    for (const [field, type] of Object.entries(types)) expect([field, typeOf(info[field])]).toEqual([field, type]);
    expect(info.analytic).toEqual({ gtmId: expect.any(String), ymId: expect.any(String), beaconUrl: expect.any(String), consentRequired: false });
    expect(["active", "mirror", "blocked"]).toContain(info.domain_state);
    expect(["main", "mirror", "promo"]).toContain(info.domain_type);
    expect(info.available_currencies).toContain(info.default_currency);
    expect(info.available_currencies.every((c: unknown) => typeof c === "string" && /^[A-Z]{3}$/.test(c))).toBe(true);
  });

  it("answers the operator's settings with available_locales taken from the enabled locales", async () => {
    const info = await data(get("metadata/getgeneralinfo"));
    expect(info).toEqual({ ...settings.general_info, available_locales: seedLocales.map((l) => l.code) });
    expect(info.available_locales).toEqual(["en", "es", "pt", "ar"]);
  });

  it("refuses POST with 405", async () => {
    await failure(post("metadata/getgeneralinfo"), 405, "InvalidRequestException");
  });

  it("answers 503 ApplicationUnavailable when general info is missing", async () => {
    const row = await env.DB.prepare("SELECT value FROM settings WHERE key = 'general_info'").first<{ value: string }>();
    await env.DB.prepare("DELETE FROM settings WHERE key = 'general_info'").run();
    try {
      await failure(get("metadata/getgeneralinfo"), 503, "ApplicationUnavailableException");
    } finally {
      await env.DB.prepare("INSERT INTO settings (key, value) VALUES ('general_info', ?1)").bind(row!.value).run();
    }
  });
});
