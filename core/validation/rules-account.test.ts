import { describe, expect, it } from "vitest";
import { code, email, fakename, login, normalizeLogin, offendingPasswordChars, password, passwordRepeat, promoCode } from "./rules-account";

describe("password", () => {
  it("is required", () => {
    expect(password("")).toEqual({ key: "required" });
    expect(password(undefined)).toEqual({ key: "required" });
  });

  it("is 6 to 20 characters long", () => {
    expect(password("abcd5")).toEqual({ key: "minLength", params: { min: 6 } });
    expect(password("abcde6")).toBeNull();
    expect(password("a".repeat(20))).toBeNull();
    expect(password("a".repeat(21))).toEqual({ key: "maxLength", params: { max: 20 } });
    expect(password("abcdefgh", { min: 8, max: 8 })).toBeNull();
  });

  it("lists the offending characters, each once", () => {
    expect(password("пароль123")).toEqual({ key: "passwordChars", params: { chars: "п а р о л ь" } });
    expect(password("my pass€word €")).toEqual({ key: "passwordChars", params: { chars: "␣ €" } });
    expect(offendingPasswordChars("Abc!@#$%^&*()_+-=[]{};':\",./<>?`~|\\")).toEqual([]);
    expect(offendingPasswordChars("a😀b")).toEqual(["😀"]);
  });

  it("checks the operator's format last", () => {
    expect(password("abcdef", { pattern: "(?=.*\\d)" })).toEqual({ key: "password" });
    expect(password("abcde1", { pattern: "(?=.*\\d)" })).toBeNull();
  });

  it("must match when repeated", () => {
    expect(passwordRepeat("", { password: "secret1" })).toEqual({ key: "required" });
    expect(passwordRepeat("secret2", { password: "secret1" })).toEqual({ key: "passwordsMismatch" });
    expect(passwordRepeat("secret1", { password: "secret1" })).toBeNull();
  });
});

describe("six-digit code", () => {
  it("is required, digits only, six long", () => {
    expect(code("")).toEqual({ key: "required" });
    expect(code("12345")).toEqual({ key: "codeDigits", params: { length: 6 } });
    expect(code("1234567")).toEqual({ key: "codeDigits", params: { length: 6 } });
    expect(code("12a456")).toEqual({ key: "codeDigits", params: { length: 6 } });
    expect(code("123456")).toBeNull();
    expect(code(" 123 456 ")).toBeNull();
  });
});

describe("login", () => {
  it("strips the leading plus and is required", () => {
    expect(normalizeLogin("+79161234567")).toBe("79161234567");
    expect(normalizeLogin("  ++44 20 ")).toBe("44 20");
    expect(normalizeLogin("a+b@x.io")).toBe("a+b@x.io");
    expect(login("+")).toEqual({ key: "required" });
    expect(login("   ")).toEqual({ key: "required" });
    expect(login("player")).toBeNull();
  });
});

describe("email", () => {
  it("is required", () => {
    expect(email(" ")).toEqual({ key: "required" });
  });

  it("has a domain of two or three parts", () => {
    expect(email("a@localhost")).toEqual({ key: "email" });
    expect(email("a@example.com")).toBeNull();
    expect(email("a.b+tag@mail.example.com")).toBeNull();
    expect(email("a@x.mail.example.com")).toEqual({ key: "email" });
  });

  it("has no spaces, one @ and no empty domain part", () => {
    expect(email("a b@example.com")).toEqual({ key: "email" });
    expect(email("a@exa mple.com")).toEqual({ key: "email" });
    expect(email("a@@example.com")).toEqual({ key: "email" });
    expect(email("a@example..com")).toEqual({ key: "email" });
    expect(email("a@example.")).toEqual({ key: "email" });
    expect(email("@example.com")).toEqual({ key: "email" });
    expect(email(" a@example.com ")).toBeNull();
    expect(email(`${"a".repeat(250)}@x.io`)).toEqual({ key: "email" });
  });
});

describe("fakename", () => {
  it("is at least 4 characters without special characters or spaces", () => {
    expect(fakename("")).toEqual({ key: "required" });
    expect(fakename("abc")).toEqual({ key: "minLength", params: { min: 4 } });
    expect(fakename("abcd")).toBeNull();
    expect(fakename("Жора")).toBeNull();
    expect(fakename("Lucky777")).toBeNull();
    expect(fakename("ab cd")).toEqual({ key: "fakename" });
    expect(fakename("ab_cd")).toEqual({ key: "fakename" });
    expect(fakename("abcd!")).toEqual({ key: "fakename" });
    expect(fakename("abcdef", { max: 5 })).toEqual({ key: "maxLength", params: { max: 5 } });
  });
});

describe("promo code", () => {
  it("is locally valid, but needs a character when shown", () => {
    expect(promoCode("  ")).toEqual({ key: "required" });
    expect(promoCode("", { shown: false })).toBeNull();
    expect(promoCode(" WELCOME ")).toBeNull();
    expect(promoCode("anything at all?!")).toBeNull();
  });
});
