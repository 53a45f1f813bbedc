import { describe, expect, it } from "vitest";
import { hasEmoji, stripEmoji } from "./emoji";
import { cardNumber, isLuhnValid } from "./luhn";
import { checkbox, custom, documentNumber, isTruthy, postcode, sex, terms, text } from "./rules-fields";
import { ruleNameForField } from "./rules";

describe("text", () => {
  it("is required unless isRequired is false", () => {
    expect(text("")).toEqual({ key: "required" });
    expect(text(" ", { isRequired: false })).toBeNull();
    expect(text("x")).toBeNull();
    expect(text("ab", { min: 3 })).toEqual({ key: "minLength", params: { min: 3 } });
    expect(text("abcd", { max: 3 })).toEqual({ key: "maxLength", params: { max: 3 } });
  });

  it("is the rule of cpf, documentType, documentNumber and login fields of dynamic forms", () => {
    for (const type of ["cpf", "documentType", "documentNumber", "login"]) expect(ruleNameForField(type)).toBe("text");
    expect(ruleNameForField("first_name")).toBe("firstName");
    expect(ruleNameForField("mobile")).toBe("phone");
    expect(ruleNameForField("favourite_colour")).toBe("custom");
    expect(ruleNameForField("constructor")).toBe("custom");
  });
});

describe("custom", () => {
  it("without a regex, is non-empty", () => {
    expect(custom("")).toEqual({ key: "required" });
    expect(custom("x")).toBeNull();
  });

  it("with a regex, checks it and ignores empty values", () => {
    expect(custom("", { regex: "^\\d{3}$" })).toBeNull();
    expect(custom("123", { regex: "^\\d{3}$" })).toBeNull();
    expect(custom("12a", { regex: /^\d{3}$/ })).toEqual({ key: "wrongField" });
    expect(custom("ABC", { regex: "/^[a-z]+$/i" })).toBeNull();
    expect(custom("", { regex: "^\\d+$", isRequired: true })).toEqual({ key: "required" });
  });

  it("ignores a broken regex from config", () => {
    expect(custom("anything", { regex: "([" })).toBeNull();
  });
});

describe("sex, postcode and checkboxes", () => {
  it("sex must be set", () => {
    expect(sex("")).toEqual({ key: "required" });
    expect(sex(0)).toEqual({ key: "required" });
    expect(sex("0")).toEqual({ key: "required" });
    expect(sex("1")).toBeNull();
    expect(sex(2)).toBeNull();
  });

  it("postcode is up to 8 digits, or the configured regex", () => {
    expect(postcode("12345678")).toBeNull();
    expect(postcode("1")).toBeNull();
    expect(postcode("123456789")).toEqual({ key: "postcode" });
    expect(postcode("LV-1050")).toEqual({ key: "postcode" });
    expect(postcode("LV-1050", { regex: "^LV-\\d{4}$" })).toBeNull();
    expect(postcode("")).toEqual({ key: "required" });
    expect(postcode("", { isRequired: false })).toBeNull();
  });

  it("a truthy checkbox must be checked", () => {
    for (const yes of [true, 1, "on", "1", "true", "yes", " ON "]) expect(isTruthy(yes), String(yes)).toBe(true);
    for (const no of [false, 0, "", "off", "0", "false", undefined, null, {}]) expect(isTruthy(no), String(no)).toBe(false);
    expect(checkbox("on")).toBeNull();
    expect(checkbox(undefined)).toEqual({ key: "checkbox" });
  });

  it("terms must be true while the terms option is active", () => {
    expect(terms(undefined)).toEqual({ key: "terms" });
    expect(terms(false, { active: true })).toEqual({ key: "terms" });
    expect(terms("on", { active: true })).toBeNull();
    expect(terms(undefined, { active: false })).toBeNull();
  });
});

describe("Luhn and card numbers", () => {
  it("check the Luhn digit", () => {
    expect(isLuhnValid("4111111111111111")).toBe(true);
    expect(isLuhnValid("79927398713")).toBe(true);
    expect(isLuhnValid("4111111111111112")).toBe(false);
    expect(isLuhnValid("79927398710")).toBe(false);
    expect(isLuhnValid("")).toBe(false);
    expect(isLuhnValid("4111-1111")).toBe(false);
  });

  it("card number: 12–19 digits passing Luhn, spaces and hyphens ignored", () => {
    expect(cardNumber("4111 1111 1111 1111")).toBeNull();
    expect(cardNumber("5500-0000-0000-0004")).toBeNull();
    expect(cardNumber("4111111111111112")).toEqual({ key: "cardNumber" });
    expect(cardNumber("79927398713")).toEqual({ key: "cardNumber" });
    expect(cardNumber("")).toEqual({ key: "required" });
  });
});

describe("document number", () => {
  it("accepts a masked saved card: six digits, three dots, four digits", () => {
    expect(documentNumber("411111...1111")).toBeNull();
    expect(documentNumber("411111..1111")).toEqual({ key: "documentNumber" });
    expect(documentNumber("41111...1111")).toEqual({ key: "documentNumber" });
    expect(documentNumber("411111...111")).toEqual({ key: "documentNumber" });
  });

  it("accepts a Luhn-valid card number and the literal new", () => {
    expect(documentNumber("4111111111111111")).toBeNull();
    expect(documentNumber("4111111111111112")).toEqual({ key: "documentNumber" });
    expect(documentNumber("new")).toBeNull();
    expect(documentNumber("New")).toEqual({ key: "documentNumber" });
  });

  it("takes the operator's pattern instead of the default, and is required", () => {
    expect(documentNumber("AB123456", { pattern: "^[A-Z]{2}\\d{6}$" })).toBeNull();
    expect(documentNumber("411111...1111", { pattern: "^[A-Z]{2}\\d{6}$" })).toEqual({ key: "documentNumber" });
    expect(documentNumber("")).toEqual({ key: "required" });
  });
});

describe("emoji stripping", () => {
  it("removes emoji, their modifiers and joiners, flags and keycaps", () => {
    expect(stripEmoji("Anna😀")).toBe("Anna");
    expect(stripEmoji("👍🏽ok")).toBe("ok");
    expect(stripEmoji("a👨‍👩‍👧b")).toBe("ab");
    expect(stripEmoji("Rīga 🇱🇻")).toBe("Rīga ");
    expect(stripEmoji("1️⃣2")).toBe("12");
    expect(stripEmoji("❤️ love")).toBe(" love");
    expect(stripEmoji("🏴󠁧󠁢󠁳󠁣󠁴󠁿x")).toBe("x");
  });

  it("leaves text of every script alone", () => {
    for (const s of ["Jānis Bērziņš", "Ёжик", "李小龍", "مرحبا", "#1 *star*", "a\u200Cb"]) expect(stripEmoji(s)).toBe(s);
    expect(hasEmoji("hi 🙂")).toBe(true);
    expect(hasEmoji("hi")).toBe(false);
  });
});
