import { z } from "zod";

/**
 * Entities of the contact and personal-data methods (SPEC §3 "Registration form fields are
 * dynamic", "Phone country option", "Currency option"). Strict objects: the registration form is
 * coded against these exact shapes, so the Worker's result check refuses any stray key.
 *
 * Texts: `attrs.label` and the option names of `sex` and of document types are message keys
 * (auth.fields.*, auth.sexOptions.*, auth.documentTypes.*); country names are localized by the
 * platform; regions and currencies are names as they are. A translate function that shows
 * unknown keys as they are (createT) can therefore take every name.
 */

export const Option = z.strictObject({ id: z.string(), name: z.string() });
export type Option = z.infer<typeof Option>;

/** A phone mask (SPEC §5): # a digit, @ a letter, * either; other characters are literals. */
export const PhoneMask = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

export const PERSONAL_FIELD_TYPES = ["input", "password", "date", "select", "country_code", "region", "phone"] as const;

export const PersonalFieldAttrs = z.strictObject({
  /** A message key, e.g. "auth.fields.first_name". */
  label: z.string().min(1),
  placeholder: z.string().optional(),
  autocomplete: z.string().optional(),
  inputmode: z.string().optional(),
  maxlength: z.number().int().positive().optional(),
});

export const PersonalFieldOptions = z.strictObject({
  list: z.array(Option).optional(),
  mask: PhoneMask.optional(),
  /** A JavaScript regular expression source the whole value must match, e.g. "^\\d{5}$". */
  regex: z.string().optional(),
});

export const FieldParams = z.strictObject({ is_visible: z.boolean(), is_required: z.boolean() });

export const PersonalField = z.strictObject({
  sysname: z.string().min(1),
  type: z.enum(PERSONAL_FIELD_TYPES),
  attrs: PersonalFieldAttrs,
  options: PersonalFieldOptions,
  params: FieldParams,
});
export type PersonalField = z.infer<typeof PersonalField>;

export const DocumentType = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_]+$/),
  /** A message key, e.g. "auth.documentTypes.passport". */
  name: z.string().min(1),
  regex: z.string().optional(),
});
export type DocumentType = z.infer<typeof DocumentType>;

export const CURRENCY_RULES = ["first", "empty", "keep"] as const;

/** account.getPersonalDataFields: the registration form of one country, in display order. */
export const PersonalData = z.strictObject({
  country_code: z.string(),
  /**
   * Every country the site registers players from, by localized name, with its phone code (without
   * "+") and its national number's mask: a phone of another country than the form's is typed in its own.
   */
  countries: z.array(z.strictObject({ code: z.string(), name: z.string(), phone_code: z.string(), phone_mask: PhoneMask.optional() })),
  fields: z.array(PersonalField),
  regions: z.array(Option),
  document_types: z.array(DocumentType),
  /** What the form does to the chosen currency when the country changes (SPEC §4). */
  currency: z.strictObject({ rule: z.enum(CURRENCY_RULES), list: z.array(Option) }),
});
export type PersonalData = z.infer<typeof PersonalData>;

/** Phone country option (SPEC §3): phone_code without "+", the mask of the national number. */
export const PhoneCountry = z.strictObject({
  country_code: z.string(),
  phone_code: z.string(),
  name: z.string(),
  mask: PhoneMask,
});
export type PhoneCountry = z.infer<typeof PhoneCountry>;

export const ContactPhoneSettings = z.strictObject({ default_country: z.string(), items: z.array(PhoneCountry) });
export type ContactPhoneSettings = z.infer<typeof ContactPhoneSettings>;
