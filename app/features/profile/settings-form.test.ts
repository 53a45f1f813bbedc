import { describe, expect, it } from "vitest";
import type { PersonalData } from "../../../core/api/entities-contacts";
import { profileFields, profileValues, valuesOfProfile } from "./settings-form";

const field = (sysname: string, type = "input", visible = false) => ({
  sysname,
  type,
  attrs: { label: `auth.fields.${sysname}` },
  options: {},
  params: { is_visible: visible, is_required: visible },
});

const data = (documents: boolean): PersonalData =>
  ({
    country_code: "ES",
    countries: [],
    fields: [
      field("email", "input", true),
      field("password", "password", true),
      field("first_name", "input", true),
      field("birth_date", "date"),
      field("sex", "select"),
      field("country_code", "country_code", true),
      field("region", "region"),
      field("postcode"),
      field("document_type", "select"),
      field("document_number"),
      field("fakename"),
      field("promo_code", "input", true),
    ],
    regions: [{ id: "MD", name: "Madrid" }],
    document_types: documents ? [{ id: "dni", name: "DNI", regex: "^\\d{8}[A-Z]$" }] : [],
    currency: { rule: "first", list: [] },
  }) as PersonalData;

const names = (shown: ReturnType<typeof profileFields>) => shown.map((s) => s.field.sysname);

describe("profileFields", () => {
  it("shows every profile field of the country's form, registration's hidden ones too, none required, no account fields", () => {
    const shown = profileFields(data(true), false);
    expect(names(shown)).toEqual(["first_name", "birth_date", "sex", "country_code", "region", "postcode", "document_type", "document_number"]);
    expect(shown.every((s) => !s.required && s.field.params.is_visible && !s.field.params.is_required)).toBe(true);
  });
  it("leaves out the identity fields while they are locked (the country among them: decision 0096), and documents where the country has none", () => {
    expect(names(profileFields(data(true), true))).toEqual(["sex", "region", "postcode"]);
    expect(names(profileFields(data(false), false))).not.toContain("document_number");
  });
});

describe("profileValues", () => {
  it("sends every shown field (empty clears it), never a locked one, and no gender left at —", () => {
    const values = { first_name: "Ana", birth_date: "", sex: "", country_code: "ES", region: "MD", document_number: "12345678Z", extra: "x" };
    expect(profileValues(values, profileFields(data(true), false))).toEqual({
      first_name: "Ana",
      birth_date: "",
      country_code: "ES",
      region: "MD",
      postcode: "",
      document_type: "",
      document_number: "12345678Z",
    });
    // Locked (verified or under review): the identity fields, the country too, are neither shown nor sent.
    expect(profileValues(values, profileFields(data(true), true))).toEqual({ region: "MD", postcode: "" });
  });
});

describe("valuesOfProfile", () => {
  it("reads a stored profile as the form's values", () => {
    const values = valuesOfProfile({
      first_name: "Ana",
      country_code: "ES",
      region: "MD",
      sex: 2,
      birth_date: null,
      document: { type: "dni", number: "12345678Z" },
    });
    expect(values).toMatchObject({
      first_name: "Ana",
      country_code: "ES",
      region: "MD",
      sex: "2",
      birth_date: "",
      document_type: "dni",
      document_number: "12345678Z",
    });
  });
});
