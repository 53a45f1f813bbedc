import { describe, expect, it } from "vitest";
import { clearStoredPromoCode, PROMO_CODE_STORAGE_KEY, promoCodeFromSearch, readStoredPromoCode, storePromoCodeFromUrl } from "./promo-code";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const throwing = {
  getItem: () => {
    throw new DOMException("denied", "SecurityError");
  },
  setItem: () => {
    throw new DOMException("full", "QuotaExceededError");
  },
  removeItem: () => {
    throw new DOMException("denied", "SecurityError");
  },
};

describe("promoCodeFromSearch", () => {
  it("reads promo_code, trimmed", () => {
    expect(promoCodeFromSearch("?promo_code=WELCOME100")).toBe("WELCOME100");
    expect(promoCodeFromSearch("promo_code=%20SPRING%20&x=1")).toBe("SPRING");
    expect(promoCodeFromSearch(new URLSearchParams("promo_code=A"))).toBe("A");
  });
  it("takes the last value when the parameter repeats", () => {
    expect(promoCodeFromSearch("?promo_code=FIRST&a=1&promo_code=LAST")).toBe("LAST");
    // The last value wins even when it is unusable: the URL's final word is "no code".
    expect(promoCodeFromSearch("?promo_code=FIRST&promo_code=")).toBeNull();
  });
  it("ignores missing, empty and over-long codes", () => {
    expect(promoCodeFromSearch("")).toBeNull();
    expect(promoCodeFromSearch("?promo=X")).toBeNull();
    expect(promoCodeFromSearch("?promo_code=")).toBeNull();
    expect(promoCodeFromSearch("?promo_code=%20%20")).toBeNull();
    expect(promoCodeFromSearch(`?promo_code=${"A".repeat(50)}`)).toBe("A".repeat(50));
    expect(promoCodeFromSearch(`?promo_code=${"A".repeat(51)}`)).toBeNull();
  });
});

describe("stored promo code", () => {
  it("stores the URL's code and reads it back", () => {
    const storage = memoryStorage();
    expect(storePromoCodeFromUrl({ search: "?promo_code=BONUS" }, storage)).toBe("BONUS");
    expect(storage.items.get(PROMO_CODE_STORAGE_KEY)).toBe("BONUS");
    expect(readStoredPromoCode(storage)).toBe("BONUS");
  });
  it("keeps the stored code when the URL names none", () => {
    const storage = memoryStorage({ promo_code: "OLD" });
    expect(storePromoCodeFromUrl({ search: "?page=2" }, storage)).toBeNull();
    expect(readStoredPromoCode(storage)).toBe("OLD");
    storePromoCodeFromUrl({ search: "?promo_code=NEW" }, storage);
    expect(readStoredPromoCode(storage)).toBe("NEW");
  });
  it("clears the code", () => {
    const storage = memoryStorage({ promo_code: "X" });
    clearStoredPromoCode(storage);
    expect(readStoredPromoCode(storage)).toBeNull();
  });
  it("does not trust what storage holds", () => {
    expect(readStoredPromoCode(memoryStorage({ promo_code: "  " }))).toBeNull();
    expect(readStoredPromoCode(memoryStorage({ promo_code: "B".repeat(51) }))).toBeNull();
  });
  it("tolerates missing or refusing storage", () => {
    expect(storePromoCodeFromUrl({ search: "?promo_code=X" }, null)).toBeNull();
    expect(storePromoCodeFromUrl({ search: "?promo_code=X" }, throwing)).toBeNull();
    expect(readStoredPromoCode(undefined)).toBeNull();
    expect(readStoredPromoCode(throwing)).toBeNull();
    expect(() => clearStoredPromoCode(throwing)).not.toThrow();
  });
});
