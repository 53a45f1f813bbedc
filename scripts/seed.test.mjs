import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CmsConfig, ContentPage } from "../core/api/cms";
import { SiteMetadata } from "../core/api/entities";
import { phone } from "../core/validation/phone";
import { PersonalDataSettings } from "../workers/platform/account/personal-data";
import { buildSeedStatements } from "./seed-sql.mjs";

const read = (f) => JSON.parse(readFileSync(`migrations/seed/${f}`, "utf8"));
const locales = read("locales.json");

function flatten(bundle, prefix = "", out = {}) {
  for (const [k, v] of Object.entries(bundle)) {
    if (typeof v === "string") out[prefix + k] = v;
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}
const placeholders = (s) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("demo seed", () => {
  it("has English as the default, two more locales and a right-to-left one", () => {
    expect(locales.filter((l) => l.isDefault).map((l) => l.code)).toEqual(["en"]);
    expect(locales.length).toBeGreaterThanOrEqual(4);
    expect(locales.some((l) => l.dir === "rtl")).toBe(true);
  });

  it("translates every message of English in every locale, with the same placeholders", () => {
    const en = flatten(read("messages/en.json"));
    for (const { code } of locales) {
      const bundle = flatten(read(`messages/${code}.json`));
      expect(Object.keys(bundle).sort(), code).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(bundle[key]), `${code}:${key}`).toEqual(placeholders(text));
        expect(bundle[key].trim(), `${code}:${key}`).not.toBe("");
      }
    }
  });

  it("has a valid content configuration and the same content pages in every locale", () => {
    const slugs = read("pages/en.json")
      .map((p) => p.slug)
      .sort();
    expect(slugs).toEqual(expect.arrayContaining(["about", "terms", "privacy", "responsible-gaming", "faq"]));
    for (const { code } of locales) {
      expect(CmsConfig.safeParse(read(`cms/${code}.json`)).error, code).toBeUndefined();
      const pages = read(`pages/${code}.json`);
      expect(pages.map((p) => p.slug).sort(), code).toEqual(slugs);
      for (const p of pages) {
        const parsed = ContentPage.omit({ locale: true, updated_at: true }).safeParse(p);
        expect(parsed.error, `${code}/${p.slug}`).toBeUndefined();
      }
    }
  });

  it("has a valid personal-data form for the locales' countries, in the site's currencies", () => {
    const parsed = PersonalDataSettings.safeParse(read("personal-data.json"));
    expect(parsed.error).toBeUndefined();
    const form = parsed.data;
    const codes = form.countries.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(["US", "CA", "GB", "DE", "FR", "ES", "PT", "BR", "MX", "AR", "AE", "EG"]));
    const { available_currencies } = read("settings.json").general_info;
    for (const c of form.countries) {
      expect(c.currencies.filter((x) => available_currencies.includes(x)).length, c.code).toBeGreaterThan(0);
      expect(c.regions.length, c.code).toBeGreaterThan(0);
      expect(c.document_types.length, c.code).toBeGreaterThan(0);
      // A mask no number can fill would lock the country's players out of phones.
      const sample = [c.phone_mask].flat()[0].replace(/#/g, "5");
      expect(phone(sample, { mask: c.phone_mask }), c.code).toBeNull();
    }
    expect(form.fields.map((f) => f.sysname)).toEqual([
      "email",
      "mobile",
      "phone_country_code",
      "password",
      "currency",
      "first_name",
      "last_name",
      "birth_date",
      "sex",
      "country_code",
      "region",
      "home_town",
      "address",
      "postcode",
      "document_type",
      "document_number",
      "fakename",
      "promo_code",
    ]);
  });

  it("has valid site metadata and compiles to SQL", () => {
    expect(SiteMetadata.safeParse(read("settings.json").metadata).error).toBeUndefined();
    const sql = buildSeedStatements("migrations/seed");
    expect(sql.length).toBeGreaterThan(100);
    expect(sql.every((s) => /^INSERT /.test(s))).toBe(true);
  });

  it("gives every tournament a title and rules in every locale, prizes in every currency it admits, valid places", () => {
    const { available_currencies } = read("settings.json").general_info;
    const packs = new Set(read("freespin-templates.json").map((t) => t.sysname));
    const tournaments = read("tournaments.json");
    expect(tournaments.map((t) => t.status).sort()).toEqual(["active", "active", "active", "active", "active", "finished", "future", "future"]);
    // A repeating race names its series and runs whole days (decision 0116).
    for (const t of tournaments.filter((x) => x.repeat_hours)) expect([t.sysname, t.series, t.lasts_days * 24]).toEqual([t.sysname, t.sysname, t.repeat_hours]);
    for (const t of tournaments) {
      for (const { code } of locales) expect([t.sysname, code, !!t.texts[code]?.title, !!t.texts[code]?.description]).toEqual([t.sysname, code, true, true]);
      // A tournament limited to some currencies pays its prizes in those (no other player can win).
      const currencies = [...(t.currencies?.length ? t.currencies : available_currencies)].sort();
      let next = 1;
      for (const p of t.prizes) {
        expect([t.sysname, p.places[0]]).toEqual([t.sysname, next]);
        next = p.places[1] + 1;
        if (p.money) expect(Object.keys(p.money).sort()).toEqual(currencies);
        if (p.bonus) expect(Object.keys(p.bonus.amounts).sort()).toEqual(currencies);
        if (p.freespins) expect(packs.has(p.freespins), p.freespins).toBe(true);
      }
    }
  });

  it("gives the withdrawal history a week of approvals, each approved before the seed runs, with the holds the cashier knows", () => {
    const { approvals } = read("withdrawal-history.json");
    expect(approvals.length).toBeGreaterThanOrEqual(20);
    for (const a of approvals) {
      expect(a.days_ago * 24 * 60, JSON.stringify(a)).toBeGreaterThan(a.minutes);
      expect(a.days_ago).toBeLessThan(7);
      expect([null, "review", "verification", "bonus"]).toContain(a.hold);
      expect(["demo_card", "demo_bank"]).toContain(a.method);
    }
  });
});
