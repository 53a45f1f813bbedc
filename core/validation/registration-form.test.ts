import { describe, expect, it } from "vitest";
import { phoneMaskOf, requiredByEveryFormType, validateRegistration, type AuthType, type PersonalData, type PersonalField } from "./registration-form";

const field = (sysname: string, is_required: boolean, is_visible = true): PersonalField => ({
  sysname,
  type: "input",
  attrs: { label: sysname },
  options: {},
  params: { is_visible, is_required },
});

const data = {
  country_code: "US",
  countries: [],
  fields: [
    field("email", true),
    field("password", true),
    field("currency", true),
    field("first_name", false),
    field("fakename", false, false),
    field("promo_code", true),
  ],
  regions: [],
  document_types: [],
  currency: { rule: "first", list: [] },
} satisfies PersonalData;

const fast: AuthType = { id: "fast", label: "Quick", type: "fast" };
const full: AuthType = { id: "full", label: "Full", type: "full" };
const byEmail: AuthType = { id: "email", label: "Email", type: "form", field: "email" };
const social: AuthType = { id: "social", label: "Social", type: "social" };

describe("requiredByEveryFormType (what auth.register enforces, SPEC §4)", () => {
  it("takes what every form type requires: full alone every visible field, with fast only fast's, with the email form only email and password", () => {
    expect(requiredByEveryFormType(data, { authTypes: [full] })).toEqual(["email", "password", "currency", "first_name"]);
    expect(requiredByEveryFormType(data, { authTypes: [fast, full, social] })).toEqual(["email", "password", "currency"]);
    expect(requiredByEveryFormType(data, { authTypes: [byEmail, fast] })).toEqual(["email", "password"]);
  });

  it("requires nothing of a social-only site, and the form's fallback fields without the personal data", () => {
    expect(requiredByEveryFormType(data, { authTypes: [social] })).toEqual([]);
    expect(requiredByEveryFormType(null, { authTypes: [fast] })).toEqual(["email", "password"]);
  });
});

describe("a phone of another country than the form's (issue 41)", () => {
  const mobile: PersonalField = { ...field("mobile", true), type: "phone", options: { mask: "(###) ###-####" } };
  const countries = [
    { code: "US", name: "United States", phone_code: "1", phone_mask: "(###) ###-####" },
    { code: "GB", name: "United Kingdom", phone_code: "44", phone_mask: "#### ######" },
    { code: "FR", name: "France", phone_code: "33", phone_mask: "# ## ## ## ##" },
  ];
  const errorsFor = (values: Record<string, string>) =>
    validateRegistration(values, [{ field: mobile, required: true }], { termsActive: false, promoShown: false, countries }).mobile;

  it("takes the mask of its own country, the form's when none is chosen or the chosen one is unknown", () => {
    expect(phoneMaskOf(mobile, "GB", countries)).toBe("#### ######");
    expect(phoneMaskOf(mobile, undefined, countries)).toBe("(###) ###-####");
    expect(phoneMaskOf(mobile, "ZZ", countries)).toBe("(###) ###-####");
    expect(phoneMaskOf(mobile, "GB", undefined)).toBe("(###) ###-####");
  });

  it("checks a French number against France's mask, not the form's American one", () => {
    expect(errorsFor({ mobile: "6 12 34 56 78", phone_country_code: "FR" })).toBeUndefined();
    expect(errorsFor({ mobile: "6 12 34 56 78", phone_country_code: "US" })).toEqual(["Wrong phone number"]);
    expect(errorsFor({ mobile: "6 12 34 56 78" })).toEqual(["Wrong phone number"]);
    expect(errorsFor({ mobile: "(202) 555-0123", phone_country_code: "FR" })).toEqual(["Wrong phone number"]);
    expect(errorsFor({ mobile: "(202) 555-0123" })).toBeUndefined();
  });
});
