/**
 * Property-style check: for 1,000 random strings (a seeded generator, so failures reproduce),
 * every rule with each of its option sets returns null or a known message key, never throws,
 * and every Zod field parses without throwing.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { stripEmoji } from "./emoji";
import { formatMessage, isMessageKey } from "./messages";
import { applyMask, detectPhoneCountry } from "./phone";
import { rules, runRule, type RuleName } from "./rules";
import { fields } from "./zod";

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const POOLS = [
  "0123456789",
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
  " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~§",
  "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЁЖЗИЙ",
  "āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽéüßñ",
  "李小龍مرحباשלוםΑλέξης",
  "\t\n\r\u00a0\u200b\u200c\u200d\ufeff\u0301\u20e3\ufe0f",
  "😀👍🏽🇱🇻❤️👨‍👩‍👧",
  "\ud800\udfff\ud83d",
  "new...0",
];

function randomString(next: () => number): string {
  const length = Math.floor(next() * 41);
  let s = "";
  for (let i = 0; i < length; i++) {
    const pool = POOLS[Math.floor(next() * POOLS.length)]!;
    s += pool[Math.floor(next() * pool.length)];
  }
  return s;
}

const OPTION_SETS: Partial<Record<RuleName, object[]>> = {
  password: [{ pattern: "(?=.*\\d)" }, { min: 8, max: 12 }],
  code: [{ length: 4 }],
  promoCode: [{ shown: false }],
  firstName: [{ isRequired: false }],
  lastName: [{ isRequired: false }],
  text: [{ isRequired: false, min: 2, max: 10 }],
  custom: [{ regex: "^\\d+$" }, { regex: "([" }, { regex: /^[a-z]+$/i, isRequired: true }],
  postcode: [{ regex: "^LV-\\d{4}$" }],
  terms: [{ active: false }],
  documentNumber: [{ pattern: "^[A-Z]{2}\\d{6}$" }],
  date: [{ min: "01.01.1900", max: new Date() }],
  sum: [
    { min: "1,000", max: "50,000", step: "0.5" },
    { step: 0.1, decimals: 0 },
  ],
  phone: [{ mask: "(###) ###-##-##" }, { mask: ["@@ ###", "*** ***"], isRequired: false }],
  iban: [{ countries: ["DE"] }],
  passwordRepeat: [{ password: "secret1" }],
};

const next = mulberry32(20240515);
const samples = Array.from({ length: 1000 }, () => randomString(next));
const names = Object.keys(rules) as RuleName[];

describe("every rule on 1,000 random strings", () => {
  it("returns null or a known message key, and never throws", () => {
    let checked = 0;
    for (const value of samples) {
      for (const name of names) {
        for (const options of [undefined, ...(OPTION_SETS[name] ?? [])]) {
          const result = runRule(name, value, options);
          if (result !== null) {
            expect(isMessageKey(result.key), `${name}(${JSON.stringify(value)}) → ${result.key}`).toBe(true);
            expect(formatMessage(result.key, result.params).length).toBeGreaterThan(0);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000 * names.length);
  });

  it("also survives values that are not strings", () => {
    for (const value of [undefined, null, 0, -1, 1.5, Number.NaN, true, false, {}, [], 10n, Symbol("x")]) {
      for (const name of names) {
        const result = runRule(name, value);
        expect(result === null || isMessageKey(result.key)).toBe(true);
      }
    }
  });

  it("parses with every Zod field without throwing", () => {
    const schema = z.object({
      login: fields.login(),
      password: fields.password(),
      code: fields.code(),
      email: fields.email(),
      fakename: fields.fakename(),
      promo: fields.promoCode(),
      first: fields.firstName(),
      last: fields.lastName({ isRequired: false }),
      address: fields.address(),
      holder: fields.cardHolder(),
      text: fields.text(),
      custom: fields.custom({ regex: "^\\d+$" }),
      postcode: fields.postcode(),
      date: fields.date(),
      phone: fields.phone({ mask: "(###) ###-##-##" }),
      iban: fields.iban(),
      sex: fields.sex(),
      sum: fields.sum({ min: 1, max: "1,000", step: 0.5 }),
      document: fields.documentNumber(),
      card: fields.cardNumber(),
      box: fields.checkbox(),
      terms: fields.terms(true),
    });
    const keys = Object.keys(schema.shape);
    for (const value of samples) {
      const result = schema.safeParse(Object.fromEntries(keys.map((k) => [k, value])));
      for (const issue of result.error?.issues ?? []) expect(typeof issue.message).toBe("string");
    }
  });

  it("lets the helpers run on anything", () => {
    const countries = [{ country_code: "LV", phone_code: "371", mask: "## ### ###" }];
    for (const value of samples) {
      expect(typeof stripEmoji(value)).toBe("string");
      expect(typeof applyMask(value, "+(###) @@-**")).toBe("string");
      const detected = detectPhoneCountry(value, countries);
      expect(detected === null || detected.country === countries[0]).toBe(true);
    }
  });
});
