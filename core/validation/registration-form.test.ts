import { describe, expect, it } from "vitest";
import { requiredByEveryFormType, type AuthType, type PersonalData, type PersonalField } from "./registration-form";

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
