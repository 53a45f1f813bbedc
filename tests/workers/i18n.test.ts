import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import seedLocales from "../../migrations/seed/locales.json";
import ar from "../../migrations/seed/messages/ar.json";
import en from "../../migrations/seed/messages/en.json";
import es from "../../migrations/seed/messages/es.json";
import pt from "../../migrations/seed/messages/pt.json";
import { countingD1, type D1Tally } from "../../workers/d1-stats";
import { readMessages } from "../../workers/platform/i18n/bundles";
import { data, failure, get, post } from "./helpers";

describe("the seeded message bundles (migration 0065)", () => {
  it("are built by the seed, one row a locale, so a site's first render reads one row, not one per key", async () => {
    const { results } = await env.DB.prepare("SELECT locale, bundle FROM message_bundles ORDER BY locale").all<{ locale: string; bundle: string }>();
    expect(results.map((r) => r.locale)).toEqual(["ar", "en", "es", "pt"]);
    const keys = await env.DB.prepare("SELECT COUNT(*) AS n FROM messages WHERE locale = 'en'").first<number>("n");
    expect(Object.keys(JSON.parse(results.find((r) => r.locale === "en")!.bundle))).toHaveLength(keys!);
  });
});

describe("GET /api/nfx/i18n/locales", () => {
  it("lists the four seeded locales in order, English the default and Arabic right-to-left", async () => {
    const list = await data(get("nfx/i18n/locales"));
    expect(list.defaultLocale).toBe("en");
    expect(list.locales.map((l: { code: string }) => l.code)).toEqual(["en", "es", "pt", "ar"]);
    expect(list.locales).toEqual(seedLocales);
    expect(list.locales.filter((l: { isDefault: boolean }) => l.isDefault)).toHaveLength(1);
    expect(list.locales.find((l: { code: string }) => l.code === "ar")).toMatchObject({ dir: "rtl", name: "العربية" });
    for (const l of list.locales.filter((l: { code: string }) => l.code !== "ar")) expect(l.dir).toBe("ltr");
  });

  it("leaves out a locale the operator disabled, and ignores unknown query parameters", async () => {
    await env.DB.prepare("UPDATE locales SET is_enabled = 0 WHERE code = 'pt'").run();
    try {
      const list = await data(get("nfx/i18n/locales", { v: "3", _non_strict: "1", whatever: "x" }));
      expect(list.locales.map((l: { code: string }) => l.code)).toEqual(["en", "es", "ar"]);
    } finally {
      await env.DB.prepare("UPDATE locales SET is_enabled = 1 WHERE code = 'pt'").run();
    }
  });

  it("refuses a write verb", async () => {
    const e = await failure(post("nfx/i18n/locales"), 405, "InvalidRequestException");
    expect(e.message).toMatch(/GET only/);
  });
});

describe("GET /api/nfx/i18n/messages/{locale}", () => {
  it.each([
    ["en", en],
    ["es", es],
    ["pt", pt],
    ["ar", ar],
  ])("answers the nested %s bundle exactly as seeded", async (locale, bundle) => {
    const messages = await data(get(`nfx/i18n/messages/${locale}`));
    expect(messages).toEqual(bundle);
    // Nested, as i18next reads it: no flat dotted keys at the top.
    expect(Object.keys(messages).some((k) => k.includes("."))).toBe(false);
    expect(Object.values(messages).some((v) => typeof v === "object")).toBe(true);
  });

  it("nests keys stored with dots and keeps every value a string", async () => {
    await env.DB.prepare("INSERT INTO messages (locale, key, value) VALUES ('es', 'zz_test.deeply.nested', '¡Hola!')").run();
    const messages = await data(get("nfx/i18n/messages/es"));
    expect(messages.zz_test).toEqual({ deeply: { nested: "¡Hola!" } });
    const leaves: unknown[] = [];
    const walk = (node: unknown) => {
      if (typeof node === "object" && node !== null) Object.values(node).forEach(walk);
      else leaves.push(node);
    };
    walk(messages);
    expect(leaves.length).toBeGreaterThan(10);
    expect(leaves.every((v) => typeof v === "string")).toBe(true);
  });

  it("reads a kept bundle as one row, and shows an operator's insert, edit and delete at the next read (migration 0065)", async () => {
    const tally: D1Tally = { rowsRead: 0, rowsWritten: 0, queries: 0 };
    const counted = countingD1(env.DB, tally);
    const before = await data(get("nfx/i18n/messages/pt"));
    expect(before).toEqual(pt);
    // The bundle is kept: reading it again is one statement over one row (and the keys' probe), not one row per key.
    Object.assign(tally, { rowsRead: 0, queries: 0 });
    const keys = await readMessages(counted, "pt");
    expect(tally.queries).toBe(1);
    expect(tally.rowsRead).toBeLessThanOrEqual(2);
    expect(keys.length).toBeGreaterThan(1000);
    expect(keys.map((k) => k.key)).toEqual(
      (await env.DB.prepare("SELECT key FROM messages WHERE locale = 'pt' ORDER BY key").all<{ key: string }>()).results.map((r) => r.key),
    );

    await env.DB.prepare("UPDATE messages SET value = 'Fechar já' WHERE locale = 'pt' AND key = 'common.close'").run();
    expect((await data(get("nfx/i18n/messages/pt"))).common.close).toBe("Fechar já");
    await env.DB.prepare("INSERT INTO messages (locale, key, value) VALUES ('pt', 'zz_new.key', 'novo')").run();
    expect((await data(get("nfx/i18n/messages/pt"))).zz_new).toEqual({ key: "novo" });
    await env.DB.prepare("DELETE FROM messages WHERE locale = 'pt' AND key = 'common.close'").run();
    const after = await data(get("nfx/i18n/messages/pt"));
    expect(after.common.close).toBeUndefined();
    expect(after.common.loading).toBe(pt.common.loading);
    // A key moved to another locale leaves one bundle and reaches the other.
    await env.DB.prepare("UPDATE messages SET locale = 'ar' WHERE locale = 'pt' AND key = 'zz_new.key'").run();
    expect((await data(get("nfx/i18n/messages/pt"))).zz_new).toBeUndefined();
    expect((await data(get("nfx/i18n/messages/ar"))).zz_new).toEqual({ key: "novo" });
    // Every key of a locale gone: an empty bundle, and no bundle row kept.
    await env.DB.prepare("DELETE FROM messages WHERE locale = 'es'").run();
    expect(await data(get("nfx/i18n/messages/es"))).toEqual({});
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM message_bundles WHERE locale = 'es'").first("n")).toBe(0);
  });

  it("answers 404 for a well-formed locale the site does not have (an enabled one without keys answers {}: above)", async () => {
    for (const locale of ["fr", "pt-BR", "zz"]) {
      const e = await failure(get(`nfx/i18n/messages/${locale}`), 404, "InvalidParameterException");
      expect(e.invalid_parameters?.locale?.[0]).toBe(`no locale ${locale} on this site`);
    }
  });

  it.each(["EN", "english", "e1", "en_US", "pt-br", "%3Cscript%3E"])("refuses the malformed locale %s with 400 and a field error", async (locale) => {
    const e = await failure(get(`nfx/i18n/messages/${locale}`), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.locale?.[0]).toMatch(/locale must look like/);
    expect(e.error_data).toEqual(e.invalid_parameters);
  });

  it("refuses a call without a locale", async () => {
    const e = await failure(get("nfx/i18n/messages"), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["locale"]);
  });
});
