/**
 * The pure rules behind the registration form (SPEC §3 "Registration form fields" and
 * "Registration values", §4 "Registration"): which dynamic fields show and are required, what a
 * country's personal data changes, what is kept as a draft and what is sent to the platform.
 */

import { OWN_CONTROLS, shownFields, type PersonalData, type PersonalField } from "../../../../core/validation/registration-form";

export type { PersonalData, PersonalField };
export type CurrencyRule = PersonalData["currency"]["rule"];

export type RegistrationType = "fast" | "full";
export type FormValues = Record<string, string>;

export interface VisibleField {
  sysname: string;
  required: boolean;
  field: PersonalField;
}

/**
 * The fields the form shows, in the platform's order: fast registration shows only the required
 * ones; full registration shows every visible field and requires all of them (SPEC §4). The
 * same rule the server-rendered form uses (registration-form.ts shownFields).
 */
export function visibleFields(ctx: { personalData: PersonalData | null; type: RegistrationType }): VisibleField[] {
  return shownFields(ctx.personalData, { id: ctx.type, label: ctx.type, type: ctx.type }).map((s) => ({ ...s, sysname: s.field.sysname }));
}

/** Dynamic fields the form does not show (their values are not sent). */
export function hiddenFields(ctx: { personalData: PersonalData | null; type: RegistrationType }): string[] {
  const shown = new Set(visibleFields(ctx).map((f) => f.sysname));
  // Fields with their own controls (the promo code, checkboxes) are never hidden by the list: the
  // server path's rule (hiddenFieldNames), so a promo code typed with JavaScript on is sent too.
  return (ctx.personalData?.fields ?? []).map((f) => f.sysname).filter((s) => !shown.has(s) && !OWN_CONTROLS.has(s));
}

const firstId = (list: readonly { id: string | number }[]) => (list.length > 0 ? String(list[0]!.id) : "");
const hasId = (list: readonly { id: string | number }[], id: string | undefined) => id !== undefined && id !== "" && list.some((x) => String(x.id) === id);

/**
 * Values after a country's personal data arrives (SPEC §4): the first region, the currency by the
 * configured rule (first of the list, empty, or keep the chosen one while the list still has it)
 * and the first document type. `keepValid` (the first load, when a draft may hold choices) keeps
 * any choice the new lists still offer.
 */
export function applyPersonalData(values: FormValues, data: PersonalData, opts: { keepValid?: boolean } = {}): FormValues {
  const keep = opts.keepValid === true;
  const next: FormValues = { ...values, country_code: data.country_code || values.country_code || "" };
  next.region = keep && hasId(data.regions, values.region) ? values.region! : firstId(data.regions);
  next.document_type = keep && hasId(data.document_types, values.document_type) ? values.document_type! : firstId(data.document_types);
  const currencies = data.currency.list;
  const chosen = hasId(currencies, values.currency) ? values.currency! : null;
  switch (data.currency.rule) {
    case "keep":
      next.currency = chosen ?? firstId(currencies);
      break;
    case "empty":
      next.currency = keep && chosen ? chosen : "";
      break;
    default:
      next.currency = keep && chosen ? chosen : firstId(currencies);
  }
  return next;
}

/** Keys a draft never keeps: secrets and the local promo-code switch. */
const NOT_IN_DRAFT = /password|^hasPromocode$/i;

/** What is saved to (and restored from) the stored draft. */
export function draftOf(values: Readonly<Record<string, unknown>> | null | undefined): FormValues {
  const draft: FormValues = {};
  for (const [k, v] of Object.entries(values ?? {})) if (!NOT_IN_DRAFT.test(k) && typeof v === "string") draft[k] = v;
  return draft;
}

/** The field a failed submit scrolls to: the first erroneous one in the form's order. */
export function firstErrorField(fieldErrors: Readonly<Record<string, readonly string[]>>, order: readonly string[]): string | null {
  const erroneous = Object.keys(fieldErrors).filter((k) => (fieldErrors[k]?.length ?? 0) > 0);
  return order.find((name) => erroneous.includes(name)) ?? erroneous[0] ?? null;
}

/** Every key `auth.register` takes (SPEC §3 "Registration values"; mobile goes as phone). */
export const REGISTRATION_KEYS = [
  "password",
  "locale",
  "currency",
  "login",
  "email",
  "phone",
  "phone_country_code",
  "country_code",
  "region",
  "document_type",
  "document_number",
  "first_name",
  "middle_name",
  "last_name",
  "birth_date",
  "sex",
  "postcode",
  "home_town",
  "address",
  "fakename",
  "promo_code",
  "terms",
  "notify",
  "is_betting",
  "character_id",
] as const;
export type RegistrationParams = Partial<Record<(typeof REGISTRATION_KEYS)[number], string>>;

export interface RegistrationSendOptions {
  /** The page's locale, sent unless the form has its own. */
  locale?: string;
  /** Whether the character select is on (only then is character_id sent). */
  characterSelect?: boolean;
  /** Dynamic fields the form hides: their values stay behind. */
  hidden?: readonly string[];
}

const truthy = (v: string | undefined) => v !== undefined && ["1", "true", "on", "yes", "betting"].includes(v.trim().toLowerCase());

/**
 * The `auth.register` payload from the form's values (SPEC §3): mobile is sent as phone (digits
 * and a leading plus), notify and is_betting as '1'/'0', terms as '1' when accepted, hasPromocode
 * never (and no promo code when it is switched off), blanks and hidden fields dropped.
 */
export function toRegistrationParams(values: Readonly<FormValues>, options: RegistrationSendOptions = {}): RegistrationParams {
  const hidden = new Set(options.hidden ?? []);
  const v: FormValues = {};
  for (const [k, value] of Object.entries(values)) if (!hidden.has(k)) v[k] = value;

  const out: RegistrationParams = {};
  for (const key of REGISTRATION_KEYS) {
    const value = v[key]?.trim();
    if (value) out[key] = key === "password" ? v[key]! : value;
  }
  delete out.phone; // the form's field is `mobile`; a stray `phone` value is not the player's number
  const mobile = v.mobile?.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  if (mobile) out.phone = mobile;
  if ("notify" in v) out.notify = truthy(v.notify) ? "1" : "0";
  if ("is_betting" in v) out.is_betting = truthy(v.is_betting) ? "1" : "0";
  if (truthy(v.terms)) out.terms = "1";
  else delete out.terms;
  if ("hasPromocode" in v && !truthy(v.hasPromocode)) delete out.promo_code;
  if (!options.characterSelect) delete out.character_id;
  if (!out.locale && options.locale) out.locale = options.locale;
  return out;
}
