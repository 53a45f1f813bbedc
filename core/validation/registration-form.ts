import type { CmsConfig } from "../api/cms";
import type { MessageOverrides } from "./messages";
import { formatMessage } from "./messages";
import { latestBirthDate, ruleNameForField, runRule, type RuleName } from "./rules";

/**
 * The registration form of SPEC §3/§4, as pure functions the popup, the /auth action and the
 * registration machine share: which fields a registration type shows, their rules, and the
 * values sent to auth.register.
 */

type AuthConfig = CmsConfig["auth"];
export type AuthType = AuthConfig["authTypes"][number];

/** A field of account.getPersonalDataFields (SPEC §3 "Registration form fields are dynamic"). */
export interface PersonalField {
  sysname: string;
  type: "input" | "password" | "date" | "select" | "country_code" | "region" | "phone";
  attrs: { label: string; placeholder?: string; autocomplete?: string; inputmode?: string; maxlength?: number };
  options: { list?: { id: string; name: string }[]; mask?: string | string[]; regex?: string };
  params: { is_visible: boolean; is_required: boolean };
}

export interface PersonalData {
  country_code: string;
  countries: { code: string; name: string; phone_code?: string; phone_mask?: string | string[] }[];
  fields: PersonalField[];
  regions: { id: string; name: string }[];
  document_types: { id: string; name: string; regex?: string }[];
  currency: { rule: "first" | "empty" | "keep"; list: { id: string; name: string }[] };
}

export interface ShownField {
  field: PersonalField;
  required: boolean;
}

/** Fields with their own controls in the form (checkboxes, the promo toggle), never from the list. */
export const OWN_CONTROLS: ReadonlySet<string> = new Set(["terms", "notify", "is_betting", "hasPromocode", "promo_code", "phone_country_code"]);

/** The registration types of the configuration that register with a form (not social). */
export function formTypes(config: Pick<AuthConfig, "authTypes">): AuthType[] {
  return config.authTypes.filter((t) => t.type !== "social");
}

/** The selected type: the one the URL names (`reg_type`), else the first. */
export function selectedType(config: AuthConfig, id: string | null | undefined): AuthType | null {
  return config.authTypes.find((t) => t.id === id) ?? config.authTypes[0] ?? null;
}

/** Social providers of the configuration (every social type's list, once each). */
export function socialProviders(config: AuthConfig) {
  const seen = new Map<string, { id: string; name: string; icon: string }>();
  for (const t of config.authTypes) for (const s of t.social ?? []) if (!seen.has(s.id)) seen.set(s.id, s);
  return [...seen.values()];
}

/** SPEC §2: social buttons show when only social types exist or the selected type is social. */
export function showsSocialButtons(config: AuthConfig, selected: AuthType | null): boolean {
  return socialProviders(config).length > 0 && (formTypes(config).length === 0 || selected?.type === "social");
}

const FALLBACK_FIELDS: PersonalField[] = [
  {
    sysname: "email",
    type: "input",
    attrs: { label: "auth.fields.email", autocomplete: "email", inputmode: "email" },
    options: {},
    params: { is_visible: true, is_required: true },
  },
  {
    sysname: "password",
    type: "password",
    attrs: { label: "auth.fields.newPassword", autocomplete: "new-password" },
    options: {},
    params: { is_visible: true, is_required: true },
  },
];

/**
 * The fields a type shows (SPEC §4): fast hides the non-required ones; full shows every visible
 * field and makes it required; a form type shows its one field and the password. Without the
 * personal-data list (platform unreachable) the form falls back to email and password.
 */
export function shownFields(data: PersonalData | null, type: AuthType | null): ShownField[] {
  const all = (data?.fields.length ? data.fields : FALLBACK_FIELDS).filter((f) => f.params.is_visible && !OWN_CONTROLS.has(f.sysname));
  switch (type?.type) {
    case "full":
      return all.map((field) => ({ field, required: true }));
    case "form":
      return all.filter((f) => f.sysname === type.field || f.sysname === "password").map((field) => ({ field, required: true }));
    case "social":
      return [];
    default:
      return all.filter((f) => f.params.is_required).map((field) => ({ field, required: true }));
  }
}

/**
 * The fields (by sysname) that every form registration type of the configuration requires: what
 * auth.register enforces, since the server cannot tell which form a client used. With no form
 * type (social only) none.
 */
export function requiredByEveryFormType(data: PersonalData | null, config: Pick<AuthConfig, "authTypes">): string[] {
  const [first, ...rest] = formTypes(config).map((t) =>
    shownFields(data, t)
      .filter((s) => s.required)
      .map((s) => s.field.sysname),
  );
  return (first ?? []).filter((name) => rest.every((names) => names.includes(name)));
}

function ruleFor(field: PersonalField): RuleName {
  if (field.type === "phone") return "phone";
  if (field.type === "date") return "date";
  const byName = ruleNameForField(field.sysname);
  if (byName !== "custom") return byName;
  return field.options.regex ? "custom" : "text";
}

/** The mask a phone field takes for a phone country: that country's, else the field's own (the form's country). */
export function phoneMaskOf(field: PersonalField, phoneCountry: string | undefined, countries: PersonalData["countries"] | undefined) {
  return (phoneCountry ? countries?.find((c) => c.code === phoneCountry)?.phone_mask : undefined) ?? field.options.mask;
}

export interface RegistrationRules {
  termsActive: boolean;
  /** The promo field is shown (by default or through the "I have a promo code" box). */
  promoShown: boolean;
  messages?: MessageOverrides;
  /**
   * The countries of the form (PersonalData.countries): a phone is checked against the mask of its
   * own country (`phone_country_code`), the form's country's (the field's mask) when none is chosen.
   */
  countries?: PersonalData["countries"];
  today?: Date;
}

/** SPEC §5 rules for the shown fields, plus terms and promo code: field → messages. */
export function validateRegistration(values: Record<string, string>, shown: ShownField[], rules: RegistrationRules): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const check = (name: string, rule: RuleName, value: unknown, options: object) => {
    const e = runRule(rule, value, options);
    if (e) errors[name] = [formatMessage(e.key, e.params, rules.messages)];
  };
  for (const { field, required } of shown) {
    const rule = ruleFor(field);
    const options: Record<string, unknown> = { isRequired: required, regex: field.options.regex };
    if (rule === "phone") options.mask = phoneMaskOf(field, values.phone_country_code, rules.countries);
    if (rule === "date" && field.sysname === "birth_date") options.max = latestBirthDate(rules.today ?? new Date());
    if ((field.type === "select" || field.type === "country_code" || field.type === "region") && rule !== "sex") {
      if (required && !values[field.sysname]) errors[field.sysname] = [formatMessage("required", undefined, rules.messages)];
      continue;
    }
    check(field.sysname, rule, values[field.sysname] ?? "", options);
  }
  check("terms", "terms", values.terms ?? "", { active: rules.termsActive });
  if (rules.promoShown) check("promo_code", "promoCode", values.promo_code ?? "", { shown: true });
  return errors;
}

/**
 * Dynamic fields the selected type hides: their values stay behind. The form's own controls
 * (promo code, checkboxes, the phone's country) are never hidden this way.
 */
export function hiddenFieldNames(data: PersonalData | null, shown: ShownField[]): string[] {
  const visible = new Set(shown.map((s) => s.field.sysname));
  return (data?.fields ?? []).map((f) => f.sysname).filter((n) => !visible.has(n) && !OWN_CONTROLS.has(n));
}
