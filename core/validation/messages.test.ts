import { describe, expect, it } from "vitest";
import { fail, formatError, toRegExp, toText } from "./core";
import { DEFAULT_MESSAGES, fillPlaceholders, formatMessage, isMessageKey, MESSAGE_KEYS } from "./messages";

describe("default messages", () => {
  it("have SPEC §5's texts", () => {
    expect(DEFAULT_MESSAGES).toMatchObject({
      required: "Field is required",
      email: "Wrong email address",
      minLength: "Min length is $$min$$",
      maxLength: "Max length is $$max$$",
      phone: "Wrong phone number",
      fakename: "Wrong fake name",
      password: "Wrong password",
      name: "Wrong symbols in name",
      address: "Wrong address",
      iban: "Wrong iban",
      minValue: "Min value is $$min$$",
      maxValue: "Max value is $$max$$",
      date: "Wrong date",
      amountNotMultipleOf: "Value is not multiple of {value}",
    });
    for (const key of ["wrongField", "sumRange", "codeDigits", "terms", "passwordsMismatch", "passwordChars"]) {
      expect(isMessageKey(key)).toBe(true);
    }
    expect(isMessageKey("toString")).toBe(false);
    expect(isMessageKey(42)).toBe(false);
    expect(MESSAGE_KEYS).toContain("required");
  });
});

describe("formatMessage", () => {
  it("fills $$name$$, {name} and {{name}} placeholders", () => {
    expect(formatMessage("minLength", { min: 6 })).toBe("Min length is 6");
    expect(formatMessage("amountNotMultipleOf", { value: 0.5 })).toBe("Value is not multiple of 0.5");
    expect(formatMessage("sumRange", { min: "1,000", max: "50,000" })).toBe("Amount must be between 1,000 and 50,000");
    expect(fillPlaceholders("{{ a }}-{b}-$$c$$", { a: 1, b: "two", c: 3 })).toBe("1-two-3");
  });

  it("leaves a placeholder without a param as it is", () => {
    expect(formatMessage("maxLength")).toBe("Max length is $$max$$");
    expect(fillPlaceholders("{x} $$y$$", { x: "ok" })).toBe("ok $$y$$");
  });

  it("takes config overrides per key and falls back to the default", () => {
    const overrides = { required: "Obligatorio", minLength: "Al menos {min} caracteres", email: "  ", phone: null };
    expect(formatMessage("required", undefined, overrides)).toBe("Obligatorio");
    expect(formatMessage("minLength", { min: 6 }, overrides)).toBe("Al menos 6 caracteres");
    expect(formatMessage("email", undefined, overrides)).toBe("Wrong email address");
    expect(formatMessage("phone", undefined, overrides)).toBe("Wrong phone number");
    expect(formatMessage("iban", undefined, overrides)).toBe("Wrong iban");
  });

  it("formats a rule's error", () => {
    expect(formatError(fail("passwordChars", { chars: "а б" }))).toBe("Forbidden characters: а б");
    expect(fail("required")).toEqual({ key: "required" });
  });
});

describe("core helpers", () => {
  it("read form values as text", () => {
    expect(toText("a")).toBe("a");
    expect(toText(12)).toBe("12");
    expect(toText(Number.NaN)).toBe("");
    expect(toText(null)).toBe("");
    expect(toText({})).toBe("");
  });

  it("compile configured patterns without throwing", () => {
    expect(toRegExp("^\\d+$")?.test("12")).toBe(true);
    expect(toRegExp("/^ab$/i")?.test("AB")).toBe(true);
    expect(toRegExp("([")).toBeNull();
    expect(toRegExp("")).toBeNull();
    const sticky = toRegExp(/a/g)!;
    expect([sticky.test("a"), sticky.test("a")]).toEqual([true, true]);
  });
});
