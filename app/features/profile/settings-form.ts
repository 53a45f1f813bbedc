/**
 * The pure rules of the settings page's forms (SPEC §3 Profile, §4 personal data, §5 validation):
 * which of the country's fields the profile shows, and what `account.saveProfileInfo` is sent.
 */
import { IDENTITY_FIELDS } from "../../../core/api/identity-fields";
import type { PersonalData, PersonalField } from "../../../core/api/entities-contacts";
import type { ShownField } from "../../../core/validation/registration-form";

export const SETTINGS_INTENTS = ["profile", "addContact", "sendCode", "confirmCode", "fakename", "locale"] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

/** The profile's own fields, in the platform's order; the account's (email, password, currency…) live elsewhere. */
export const PROFILE_KEYS = [
  "first_name",
  "middle_name",
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
] as const;

/**
 * What the settings form shows: every profile field of the country's form, whether registration
 * shows it or not (the profile is where a player completes what registration skipped), none
 * required (a profile may be completed step by step), without the identity fields once they are
 * locked. A country without document types has no document fields.
 */
export function profileFields(data: PersonalData, locked: boolean): ShownField[] {
  const keys: readonly string[] = PROFILE_KEYS;
  return data.fields
    .filter((f) => keys.includes(f.sysname))
    .filter((f) => !(locked && IDENTITY_FIELDS.includes(f.sysname)))
    .filter((f) => !f.sysname.startsWith("document_") || data.document_types.length > 0)
    .map((f) => ({ field: { ...f, params: { is_visible: true, is_required: false } } as PersonalField, required: false }));
}

/**
 * The saveProfileInfo values of a submitted form: every shown field (an empty one clears it, as
 * the player sees it; locked ones are not shown, see profileFields); a gender left at "—" is left out.
 */
export function profileValues(values: Record<string, string>, shown: ShownField[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field } of shown) {
    const name = field.sysname;
    const value = values[name] ?? "";
    if (name === "sex" && value === "") continue;
    out[name] = value;
  }
  return out;
}

/** The form values of a stored profile. */
export function valuesOfProfile(profile: {
  [k: string]: unknown;
  sex: number;
  birth_date: string | null;
  document?: { type: string; number: string };
}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of PROFILE_KEYS) {
    const v = profile[key];
    if (typeof v === "string") values[key] = v;
  }
  values.sex = String(profile.sex);
  values.birth_date = profile.birth_date ?? "";
  values.document_type = profile.document?.type ?? "";
  values.document_number = profile.document?.number ?? "";
  return values;
}

/** What the action answers to a refused (or refreshed) form. */
export type SettingsActionData =
  | {
      intent: "profile";
      values: Record<string, string>;
      errors: Record<string, string[]>;
      formErrors: string[];
      personalData: PersonalData;
    }
  | {
      intent: Exclude<SettingsIntent, "profile">;
      type: "email" | "phone";
      values: { contact: string; phone_country_code: string; fakename: string };
      errors: Record<string, string[]>;
      formErrors: string[];
    };
