import { describe, expect, it } from "vitest";
import { collator, displayName, displayNames } from "./intl-cache";

describe("the isolate's Intl formatters", () => {
  it("name a country in each locale as a new formatter would, made once per locale and options", () => {
    const es = displayNames(["es", "en"], { type: "region", fallback: "code" });
    expect(es.of("DE")).toBe(new Intl.DisplayNames(["es", "en"], { type: "region", fallback: "code" }).of("DE"));
    expect(displayNames(["es", "en"], { type: "region", fallback: "code" })).toBe(es);
    expect(displayNames(["en"], { type: "region", fallback: "code" }).of("DE")).toBe("Germany");
    expect(displayNames(["es", "en"], { type: "currency", fallback: "code" })).not.toBe(es);
  });

  it("give a name once looked up as the formatter gives it, per locale, kind and code", () => {
    const region = { type: "region", fallback: "code" } as const;
    expect(displayName(["es", "en"], region, "DE")).toBe("Alemania");
    expect(displayName(["es", "en"], region, "DE")).toBe("Alemania");
    expect(displayName(["en"], region, "DE")).toBe("Germany");
    expect(displayName(["en"], { type: "currency", fallback: "code" }, "EUR")).toBe("Euro");
    expect(displayName(["en"], { type: "region", fallback: "none" }, "XX")).toBeUndefined();
    expect(() => displayName(["en"], region, "not a code")).toThrow(RangeError);
  });

  it("sort names by the locale's rules", () => {
    expect(["Zambia", "Ägypten", "Albanien"].sort(collator("de").compare)).toEqual(["Ägypten", "Albanien", "Zambia"]);
    expect(collator("de")).toBe(collator("de"));
  });

  it("refuse a malformed locale as the constructor does", () => {
    expect(() => collator("not a locale!")).toThrow(RangeError);
  });
});
