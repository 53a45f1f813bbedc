import { z } from "zod";
import {
  CURRENCY_RULES,
  DocumentType,
  FieldParams,
  Option,
  PersonalField,
  PersonalFieldAttrs,
  PersonalFieldOptions,
  PhoneMask,
  type PersonalData,
  type PhoneCountry,
} from "../../../core/api/entities-contacts";
import { PlatformError } from "../../../core/api/errors";
import { maskCapacity, maskList } from "../../../core/validation/phone";
import { countryName } from "./profile-rules";
import { collator, displayName } from "../../../core/intl-cache";
import { settingsKeepMs } from "../core/render-scope";

/**
 * The personal-data form of the site (SPEC §3 dynamic registration fields), stored as the
 * `personal_data` settings row, seeded from migrations/seed/personal-data.json: the base form in
 * display order, and per country its phone code and mask, currencies, regions, document types and
 * what it changes in the base form (a label, a regex, which fields are shown or required).
 */

const FieldOverride = z.strictObject({
  attrs: PersonalFieldAttrs.partial().optional(),
  options: PersonalFieldOptions.optional(),
  params: FieldParams.partial().optional(),
});

export const PersonalDataCountry = z.strictObject({
  code: z.string().regex(/^[A-Z]{2}$/, "a country code is two capital letters"),
  /** Without "+", e.g. "1", "44", "351". */
  phone_code: z.string().regex(/^\d{1,4}$/, "a phone code is 1 to 4 digits"),
  /** The national number's mask (or masks, one per length). */
  phone_mask: PhoneMask,
  /** Currencies offered to its players, first the usual one; only the site's available ones are shown. */
  currencies: z.array(z.string().regex(/^[A-Z]{3}$/)).min(1),
  /** Changes to base fields by sysname. */
  fields: z.record(z.string(), FieldOverride).default({}),
  regions: z.array(Option),
  document_types: z.array(DocumentType),
});
export type PersonalDataCountry = z.infer<typeof PersonalDataCountry>;

const compiles = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

export const PersonalDataSettings = z
  .strictObject({
    default_country: z.string().regex(/^[A-Z]{2}$/),
    currency_rule: z.enum(CURRENCY_RULES),
    fields: z.array(PersonalField.extend({ options: PersonalFieldOptions.default({}) })).min(1),
    countries: z.array(PersonalDataCountry).min(1),
  })
  .superRefine((s, ctx) => {
    const issue = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
    const sysnames = new Set(s.fields.map((f) => f.sysname));
    if (sysnames.size !== s.fields.length) issue("field sysnames must be unique", ["fields"]);
    const codes = new Set(s.countries.map((c) => c.code));
    if (codes.size !== s.countries.length) issue("country codes must be unique", ["countries"]);
    if (!codes.has(s.default_country)) issue("the default country must be one of the countries", ["default_country"]);
    s.fields.forEach((f, i) => {
      if (f.options.regex !== undefined && !compiles(f.options.regex)) issue("regex does not compile", ["fields", i, "options", "regex"]);
    });
    s.countries.forEach((c, i) => {
      for (const m of maskList(c.phone_mask)) if (maskCapacity(m) === 0) issue(`mask '${m}' takes no characters`, ["countries", i, "phone_mask"]);
      for (const [name, o] of Object.entries(c.fields)) {
        if (!sysnames.has(name)) issue(`'${name}' is not a field of the form`, ["countries", i, "fields", name]);
        if (o.options?.regex !== undefined && !compiles(o.options.regex)) issue("regex does not compile", ["countries", i, "fields", name]);
      }
      if (new Set(c.regions.map((r) => r.id)).size !== c.regions.length) issue("region ids must be unique", ["countries", i, "regions"]);
      if (new Set(c.document_types.map((d) => d.id)).size !== c.document_types.length) issue("document type ids must be unique", ["countries", i]);
      c.document_types.forEach((d, j) => {
        if (d.regex !== undefined && !compiles(d.regex)) issue("regex does not compile", ["countries", i, "document_types", j]);
      });
    });
  });
export type PersonalDataSettings = z.infer<typeof PersonalDataSettings>;

export const PERSONAL_DATA_SETTING = "personal_data";

let cached: { raw: string; value: PersonalDataSettings; at: number } | null = null;

/**
 * The stored form, validated once per stored text (a broken row is an operator error: 503). The
 * isolate keeps it for SETTINGS_CACHE_MS, as it keeps the site's general settings
 * (core/render-scope.ts): the settings page and every contact and registration step read it, a D1
 * round trip each, for a row the operator rarely changes.
 */
export async function loadPersonalData(ctx: { db: D1Database; env: Pick<Env, "SETTINGS_CACHE_MS"> }, now = Date.now()): Promise<PersonalDataSettings> {
  const keepMs = settingsKeepMs(ctx.env);
  if (cached && keepMs > 0 && now >= cached.at && now - cached.at < keepMs) return cached.value;
  const row = await ctx.db.prepare("SELECT value FROM settings WHERE key = ?1").bind(PERSONAL_DATA_SETTING).first<{ value: string }>();
  if (!row) throw new PlatformError("ApplicationUnavailable", `Site setting '${PERSONAL_DATA_SETTING}' is not configured`);
  if (cached?.raw === row.value) {
    cached.at = now;
    return cached.value;
  }
  const parsed = PersonalDataSettings.safeParse(JSON.parse(row.value));
  if (!parsed.success) {
    console.error("personal data: invalid settings", parsed.error.issues.slice(0, 3));
    throw new PlatformError("ApplicationUnavailable", `Site setting '${PERSONAL_DATA_SETTING}' is not valid`);
  }
  cached = { raw: row.value, value: parsed.data, at: now };
  return parsed.data;
}

/** Every country's phone code, for a sign-in typed as a phone with it (account/users.ts findUserForLogin). */
export async function phoneCodes(ctx: { db: D1Database; env: Pick<Env, "SETTINGS_CACHE_MS"> }): Promise<{ code: string; phone_code: string }[]> {
  return (await loadPersonalData(ctx)).countries.map(({ code, phone_code }) => ({ code, phone_code }));
}

export function findCountry(settings: PersonalDataSettings, code: string): PersonalDataCountry | undefined {
  return settings.countries.find((c) => c.code === code);
}

function currencyName(code: string, locale: string): string {
  try {
    return displayName([locale, "en"], { type: "currency", fallback: "code" }, code) ?? code;
  } catch {
    return code;
  }
}

export interface SiteCurrencies {
  available_currencies: string[];
  default_currency: string;
}

/**
 * The form of one country in a locale: base fields with the country's changes, its phone mask,
 * currencies (those the site offers; its default when none is), regions and document types.
 */
export function personalDataFor(settings: PersonalDataSettings, country: PersonalDataCountry, locale: string, site: SiteCurrencies): PersonalData {
  const offered = country.currencies.filter((c) => site.available_currencies.includes(c));
  const currencies = (offered.length ? offered : [site.default_currency]).map((id) => ({ id, name: currencyName(id, locale) }));
  const documents = country.document_types.map((d) => ({ ...d }));
  const byName = collator(locale);
  const countries = settings.countries
    .map((c) => ({ code: c.code, name: countryName(c.code, locale), phone_code: c.phone_code, phone_mask: c.phone_mask }))
    .sort((a, b) => byName.compare(a.name, b.name));

  const fields: PersonalField[] = settings.fields.map((base) => {
    const change = country.fields[base.sysname];
    const field: PersonalField = {
      sysname: base.sysname,
      type: base.type,
      attrs: { ...base.attrs, ...change?.attrs },
      options: { ...base.options, ...change?.options },
      params: { ...base.params, ...change?.params },
    };
    switch (base.sysname) {
      case "mobile":
        field.options.mask = country.phone_mask;
        break;
      case "phone_country_code":
        field.options.list = settings.countries.map((c) => ({ id: c.code, name: `+${c.phone_code} ${countryName(c.code, locale)}` }));
        break;
      case "currency":
        field.options.list = currencies;
        break;
      case "document_type":
        field.options.list = documents.map(({ id, name }) => ({ id, name }));
        break;
      case "document_number":
        // The first type is the one the form selects; document_types carries each type's regex.
        if (field.options.regex === undefined && documents[0]?.regex) field.options.regex = documents[0].regex;
        break;
    }
    return field;
  });
  // The phone's country travels with the phone: required exactly when the phone is.
  const mobile = fields.find((f) => f.sysname === "mobile");
  const phoneCountry = fields.find((f) => f.sysname === "phone_country_code");
  if (mobile && phoneCountry) phoneCountry.params.is_required = mobile.params.is_required;

  return {
    country_code: country.code,
    countries,
    fields,
    regions: country.regions.map((r) => ({ ...r })),
    document_types: documents,
    currency: { rule: settings.currency_rule, list: currencies },
  };
}

/** The phone countries of account.getContactPhoneSettings, in the stored order (paste detection takes the first match). */
export function phoneCountries(settings: PersonalDataSettings, locale: string): PhoneCountry[] {
  return settings.countries.map((c) => ({
    country_code: c.code,
    phone_code: c.phone_code,
    name: countryName(c.code, locale),
    mask: c.phone_mask,
  }));
}
