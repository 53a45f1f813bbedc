import { describe, expect, it } from "vitest";
import { applyMask, detectPhoneCountry, maskCapacity, matchesMask, phone, phoneCandidates, unmaskPhone, type PhoneCountry } from "./phone";

describe("applyMask", () => {
  it("fills # with digits and inserts literals", () => {
    expect(applyMask("9161234567", "(###) ###-##-##")).toBe("(916) 123-45-67");
    expect(applyMask("916", "(###) ###-##-##")).toBe("(916");
    expect(applyMask("9161", "(###) ###-##-##")).toBe("(916) 1");
    expect(applyMask("", "(###) ###")).toBe("");
  });

  it("fills @ with letters and * with letters or digits", () => {
    expect(applyMask("AB12", "@@-##")).toBe("AB-12");
    expect(applyMask("a1b2", "**-**")).toBe("a1-b2");
    expect(applyMask("Jāņ9", "@@@#")).toBe("Jāņ9");
  });

  it("skips characters a token does not take and consumes typed literals", () => {
    expect(applyMask("12ab34", "####")).toBe("1234");
    expect(applyMask("1a2", "@#")).toBe("a2");
    expect(applyMask("(916) 123-45-67", "(###) ###-##-##")).toBe("(916) 123-45-67");
    expect(applyMask("123456", "###")).toBe("123");
  });

  it("counts a mask's capacity", () => {
    expect(maskCapacity("(###) ###-##-##")).toBe(10);
    expect(maskCapacity("@@-**")).toBe(4);
    expect(maskCapacity("+7")).toBe(0);
  });
});

describe("matchesMask", () => {
  it("needs the mask filled exactly, with nothing skipped or left over", () => {
    const mask = "(###) ###-##-##";
    expect(matchesMask("9161234567", mask)).toBe(true);
    expect(matchesMask("(916) 123-45-67", mask)).toBe(true);
    expect(matchesMask("916123456", mask)).toBe(false);
    expect(matchesMask("91612345678", mask)).toBe(false);
    expect(matchesMask("916a1234567", mask)).toBe(false);
    expect(matchesMask("AB12", "@@##")).toBe(true);
    expect(matchesMask("1234", "@@##")).toBe(false);
    expect(matchesMask("", "")).toBe(false);
  });
});

describe("phone rule", () => {
  it("is required", () => {
    expect(phone("")).toEqual({ key: "required" });
    expect(phone(" - ")).toEqual({ key: "required" });
    expect(phone("", { isRequired: false })).toBeNull();
  });

  it("checks the format against the country's mask or masks", () => {
    expect(phone("9161234567", { mask: "(###) ###-##-##" })).toBeNull();
    expect(phone("916123456", { mask: "(###) ###-##-##" })).toEqual({ key: "phone" });
    expect(phone("20123456", { mask: ["## ### ###", "### ### ###"] })).toBeNull();
    expect(phone("201234567", { mask: ["## ### ###", "### ### ###"] })).toBeNull();
    expect(phone("2012345", { mask: ["## ### ###", "### ### ###"] })).toEqual({ key: "phone" });
  });

  it("wants 5 to 15 digits without a mask", () => {
    expect(phone("12345")).toBeNull();
    expect(phone("+44 20 7946 0958")).toBeNull();
    expect(phone("1234")).toEqual({ key: "phone" });
    expect(phone("1234567890123456")).toEqual({ key: "phone" });
    expect(phone("12345abc")).toEqual({ key: "phone" });
  });

  it("keeps only letters and digits of the input", () => {
    expect(unmaskPhone("+7 (916) 123-45-67")).toBe("79161234567");
  });
});

describe("detectPhoneCountry", () => {
  const countries: PhoneCountry[] = [
    { country_code: "US", phone_code: "1", name: "United States", mask: "(###) ###-####" },
    { country_code: "CA", phone_code: "+1", name: "Canada", mask: "(###) ###-####" },
    { country_code: "RU", phone_code: "7", mask: "(###) ###-##-##" },
    { country_code: "KZ", phone_code: 7, mask: "(###) ###-####" },
    { country_code: "LV", phone_code: "371", mask: ["## ### ###"] },
    { country_code: "GB", phone_code: "44", mask: ["#### ######", "### #### ####"] },
    { country_code: "XX", phone_code: "999" },
  ];

  it("chooses by phone code and mask length, first match in list order", () => {
    expect(detectPhoneCountry("+1 (212) 555-0100", countries)).toEqual({ country: countries[0], number: "2125550100" });
    expect(detectPhoneCountry("+7 916 123-45-67", countries)?.country.country_code).toBe("RU");
    expect(detectPhoneCountry("+371 2012 3456", countries)).toEqual({ country: countries[4], number: "20123456" });
  });

  it("tries every mask of a country", () => {
    expect(detectPhoneCountry("+44 20 7946 0958", countries)?.country.country_code).toBe("GB");
    expect(detectPhoneCountry("+44 20 7946 09581", countries)?.number).toBe("20794609581");
  });

  it("skips a country whose mask length does not fit", () => {
    expect(detectPhoneCountry("+371 2012 345", countries)).toBeNull();
    expect(detectPhoneCountry("+1 212 555 01", countries)).toBeNull();
  });

  it("matches a country without a mask on the code alone, and nothing on empty input", () => {
    expect(detectPhoneCountry("+999 123", countries)).toEqual({ country: countries[6], number: "123" });
    expect(detectPhoneCountry("not a number", countries)).toBeNull();
    expect(detectPhoneCountry("+371", countries)).toBeNull();
  });
});

describe("phoneCandidates: the phone contacts a typed sign-in name may be (issue 41)", () => {
  const codes = [
    { code: "US", phone_code: "1" },
    { code: "GB", phone_code: "44" },
    { code: "BR", phone_code: "55" },
  ];

  it("reads a phone typed with its country's code as that country's national number", () => {
    expect(phoneCandidates("+44 7700 900123", codes)).toEqual([{ national: "7700900123", country: "GB" }]);
    expect(phoneCandidates("0044 7700 900123", codes)).toEqual([{ national: "7700900123", country: "GB" }]);
    expect(phoneCandidates("+1 (555) 201-7777", codes)).toEqual([{ national: "5552017777", country: "US" }]);
  });

  it("reads a national number with its punctuation as itself, and as one with a code where a code starts it", () => {
    expect(phoneCandidates("202-555-0123", codes)).toEqual([{ national: "2025550123", country: null }]);
    expect(phoneCandidates("5511987654321", codes)).toEqual([
      { national: "5511987654321", country: null },
      { national: "11987654321", country: "BR" },
    ]);
  });

  it("reads no phone in a login, an email or a number too short to be one", () => {
    expect(phoneCandidates("ana.silva", codes)).toEqual([]);
    expect(phoneCandidates("ana@example.com", codes)).toEqual([]);
    expect(phoneCandidates("1234", codes)).toEqual([]);
    expect(phoneCandidates("+999 1234567", codes)).toEqual([]);
  });
});
