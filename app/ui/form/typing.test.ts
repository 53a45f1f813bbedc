import { describe, expect, it } from "vitest";
import { dropEmoji, maskFor, pastePhone, typePhone } from "./typing";

const COUNTRIES = [
  { country_code: "US", phone_code: "1", mask: "(###) ###-####" },
  { country_code: "GB", phone_code: "44", mask: "#### ######" },
  { country_code: "DE", phone_code: "49", mask: ["### #######", "### ########"] },
  { country_code: "PT", phone_code: "351", mask: "### ### ###" },
];

describe("a phone input as it is typed", () => {
  it("shows the number in its country's mask, the caret after the digit it followed", () => {
    expect(typePhone("2025550", 7, "(###) ###-####")).toEqual({ value: "(202) 555-0", caret: 11 });
    // A digit typed in the middle: the caret stays right after it, past the mask's literals.
    expect(typePhone("(202) 5155-0", 7, "(###) ###-####")).toEqual({ value: "(202) 515-50", caret: 7 });
    expect(typePhone("", 0, "(###) ###-####")).toEqual({ value: "", caret: 0 });
  });

  it("takes no more than the mask holds, and picks the country's longer mask when the number needs it", () => {
    expect(typePhone("20255501234", 11, "(###) ###-####").value).toBe("(202) 555-0123");
    expect(typePhone("15112345678", 11, COUNTRIES[2]!.mask).value).toBe("151 12345678");
    expect(typePhone("1511234567", 10, COUNTRIES[2]!.mask).value).toBe("151 1234567");
    expect(maskFor(["### ########", "### #######"], 3)).toBe("### #######");
  });

  it("drops what is not a digit or letter, and leaves an international number as typed", () => {
    expect(typePhone("20a2x", 5, "(###) ###-####").value).toBe("(202");
    expect(typePhone("+44 77", 6, "(###) ###-####")).toEqual({ value: "+44 77", caret: 6 });
    expect(typePhone("0044", 4, "(###) ###-####").value).toBe("0044");
    expect(typePhone("12-34", 5, null)).toEqual({ value: "1234", caret: 4 });
  });
});

describe("a number pasted into a phone input", () => {
  it("picks the country of an international number by its code and the rest's length", () => {
    expect(pastePhone("+44 7700 900123", COUNTRIES, "(###) ###-####")).toMatchObject({ country: { country_code: "GB" }, value: "7700 900123" });
    expect(pastePhone("00351 912 345 678", COUNTRIES, "(###) ###-####")).toMatchObject({ country: { country_code: "PT" }, value: "912 345 678" });
    expect(pastePhone("+49 151 12345678", COUNTRIES, "(###) ###-####")).toMatchObject({ country: { country_code: "DE" }, value: "151 12345678" });
    // The first match in list order: the US before Canada, both +1.
    expect(
      pastePhone("+1 (202) 555-0123", [...COUNTRIES, { country_code: "CA", phone_code: "1", mask: "(###) ###-####" }], "#### ######")?.country.country_code,
    ).toBe("US");
    // Without the plus, a number longer than the current country's mask is read the same way.
    expect(pastePhone("447700900123", COUNTRIES, "(###) ###-####")?.country.country_code).toBe("GB");
  });

  it("keeps a national number of the current country, and one that names no country", () => {
    expect(pastePhone("2025550123", COUNTRIES, "(###) ###-####")).toBeNull();
    expect(pastePhone("+999 1234", COUNTRIES, "(###) ###-####")).toBeNull();
    expect(pastePhone("+44 77", COUNTRIES, "(###) ###-####")).toBeNull();
    expect(pastePhone("", COUNTRIES, "(###) ###-####")).toBeNull();
  });
});

describe("an input that refuses emoji", () => {
  it("drops them where they were typed or pasted, keeping the caret among the rest", () => {
    expect(dropEmoji("Ann😀", 5)).toEqual({ value: "Ann", caret: 3 });
    expect(dropEmoji("A👍🏽nn", 5)).toEqual({ value: "Ann", caret: 1 });
    expect(dropEmoji("Zoë Ünal", 8)).toBeNull();
    expect(dropEmoji("عمر🇸🇦", 7)).toEqual({ value: "عمر", caret: 3 });
  });
});
