import { describe, expect, it } from "vitest";
import { RegistrationValues } from "../../../../core/api/entities";
import type { PersonalData as ApiPersonalData } from "../../../../core/api/entities-contacts";
import { applyPersonalData, draftOf, firstErrorField, hiddenFields, REGISTRATION_KEYS, toRegistrationParams, type PersonalData } from "./registration-fields";

describe("toRegistrationParams (SPEC §3 registration values)", () => {
  it("sends mobile as phone, notify and is_betting as '1'/'0', terms as '1', never hasPromocode", () => {
    expect(
      toRegistrationParams({
        email: " a@b.cc ",
        password: " pass word ",
        mobile: "+49 (170) 123-45-67",
        notify: "true",
        is_betting: "0",
        terms: "on",
        hasPromocode: "1",
        promo_code: " WELCOME ",
      }),
    ).toEqual({
      email: "a@b.cc",
      password: " pass word ",
      phone: "+491701234567",
      notify: "1",
      is_betting: "0",
      terms: "1",
      promo_code: "WELCOME",
    });
  });

  it("a 'betting' mark is 1, casino is 0; unchecked notify is '0'; unaccepted terms are left out", () => {
    expect(toRegistrationParams({ is_betting: "betting", notify: "", terms: "" })).toEqual({ is_betting: "1", notify: "0" });
    expect(toRegistrationParams({ is_betting: "casino" })).toEqual({ is_betting: "0" });
  });

  it("leaves the promo code behind when the promo switch is off", () => {
    expect(toRegistrationParams({ hasPromocode: "0", promo_code: "X" })).toEqual({});
    expect(toRegistrationParams({ promo_code: "X" })).toEqual({ promo_code: "X" });
  });

  it("drops blanks, hidden fields, unknown keys and a stray phone; adds the locale", () => {
    expect(
      toRegistrationParams(
        { email: "a@b.cc", first_name: "Ann", last_name: "", phone: "123", nickname: "x", character_id: "3" },
        { hidden: ["first_name"], locale: "es" },
      ),
    ).toEqual({ email: "a@b.cc", locale: "es" });
    expect(toRegistrationParams({ character_id: "3", locale: "pt" }, { characterSelect: true, locale: "es" })).toEqual({ character_id: "3", locale: "pt" });
  });

  it("sends only keys the platform's register takes", () => {
    const accepted = new Set(Object.keys(RegistrationValues.shape));
    expect(REGISTRATION_KEYS.filter((k) => !accepted.has(k))).toEqual([]);
  });

  it("what it sends passes the platform's schema", () => {
    const params = toRegistrationParams({
      email: "a@b.cc",
      password: "secret1",
      mobile: "+4917012345",
      notify: "on",
      is_betting: "1",
      terms: "1",
      hasPromocode: "1",
    });
    expect(RegistrationValues.safeParse(params).success).toBe(true);
  });
});

describe("applyPersonalData", () => {
  it("takes the contract's getPersonalDataFields result as it is", () => {
    const fromApi = (d: ApiPersonalData): PersonalData => d; // a compile-time check
    expect(fromApi).toBeTypeOf("function");
  });

  const data: PersonalData = {
    country_code: "BR",
    countries: [],
    fields: [],
    regions: [
      { id: "11", name: "A" },
      { id: "12", name: "B" },
    ],
    document_types: [],
    currency: { rule: "first", list: [] },
  };

  it("empty lists give empty choices; the first region is chosen", () => {
    expect(applyPersonalData({ region: "12", document_type: "x", currency: "EUR" }, data)).toMatchObject({
      country_code: "BR",
      region: "11",
      document_type: "",
      currency: "",
    });
    expect(applyPersonalData({ region: "12" }, data, { keepValid: true }).region).toBe("12");
  });
});

describe("draftOf and firstErrorField", () => {
  it("a draft keeps strings only and no password of any kind", () => {
    expect(draftOf({ email: "a", password: "p", password_repeat: "p", hasPromocode: "1", n: 3 as unknown as string })).toEqual({ email: "a" });
    expect(draftOf(null)).toEqual({});
  });

  it("the first erroneous field follows the form's order, then any other", () => {
    expect(firstErrorField({ terms: ["x"], mobile: ["y"] }, ["email", "mobile"])).toBe("mobile");
    expect(firstErrorField({ terms: ["x"] }, ["email"])).toBe("terms");
    expect(firstErrorField({ email: [] }, ["email"])).toBeNull();
  });
});

describe("hiddenFields", () => {
  const field = (sysname: string, is_visible: boolean) => ({ sysname, type: "input", attrs: {}, options: {}, params: { is_visible, is_required: false } });
  it("drops list fields the form does not show, never the promo code and checkboxes it renders itself", () => {
    const personalData = {
      country_code: "US",
      countries: [],
      fields: [field("email", true), field("first_name", false), field("promo_code", false), field("terms", false)],
      regions: [],
      document_types: [],
      currency: { rule: "first", list: [] },
    } as unknown as PersonalData;
    const hidden = hiddenFields({ personalData, type: "fast" });
    expect(hidden).not.toContain("promo_code");
    expect(hidden).not.toContain("terms");
    expect(hidden).toContain("first_name");
    // …so the promo code typed in the form is sent.
    expect(toRegistrationParams({ email: "a@b.c", promo_code: "WELCOME50", hasPromocode: "1" }, { hidden }).promo_code).toBe("WELCOME50");
  });
});
