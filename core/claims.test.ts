import { describe, expect, it } from "vitest";
import { claimProblems, fillClaims, OWN_FIELDS, ownProblems, parseClaimRef, placeholdersOf } from "./claims.mjs";

describe("a marketing text's claims", () => {
  const claims = { offer: "offer:weekend-reload" };

  it("names objects as kind:sysname, of the known kinds only", () => {
    expect(parseClaimRef("offer:weekend-reload")).toEqual({ kind: "offer", sysname: "weekend-reload" });
    expect(parseClaimRef("jackpot:mega")).toBeNull();
    expect(parseClaimRef("offer:")).toBeNull();
    expect(parseClaimRef(42)).toBeNull();
  });

  it("passes a text whose every number is a placeholder of a claimed object, and the age of a notice", () => {
    const text = "<p>{{offer.percent}}% up to {{offer.cap}}. Wagering {{offer.wager}}x. 18+ only.</p>";
    expect(placeholdersOf(text)).toEqual([
      ["offer", "percent"],
      ["offer", "cap"],
      ["offer", "wager"],
    ]);
    expect(claimProblems([text], claims)).toEqual([]);
    // A code's digits are its name, not a claim; markup's are not text.
    expect(claimProblems(["Promo code WELCOME50", "<h2>Reload</h2>"], {})).toEqual([]);
  });

  it("refuses a typed number (any script, a wagering's x35 too), an unclaimed object, a field its kind has not, a bad claim", () => {
    expect(claimProblems(["Win $25,000 every weekend"], {})).toHaveLength(2);
    expect(claimProblems(["Wagering x35"], {})).toEqual([expect.stringContaining("'35'")]);
    expect(claimProblems(["اربح ١٠٠٠"], {})).toHaveLength(1);
    expect(claimProblems(["{{bonus.percent}}%"], claims)).toEqual(["{{bonus.percent}} names no claimed object"]);
    expect(claimProblems(["{{offer.pool}}"], claims)).toEqual(["{{offer.pool}}: a offer has no 'pool'"]);
    expect(claimProblems([], { x: "nothing" })).toHaveLength(1);
  });

  it("fills every placeholder, or answers null when one has no value", () => {
    expect(fillClaims("{{offer.percent}}% up to {{ offer.cap }}", { "offer.percent": "50", "offer.cap": "$200" })).toBe("50% up to $200");
    expect(fillClaims("{{offer.percent}}%", { "offer.percent": null })).toBeNull();
    expect(fillClaims("No numbers", {})).toBe("No numbers");
  });

  it("an object's own texts claim only the object itself, with its kind's own fields", () => {
    expect(ownProblems(["{{prize.amount}} cash", "Extra spins: {{prize.spins}}"], "prize")).toEqual([]);
    expect(ownProblems(["Buy spins for {{wheel.price}} and win up to {{wheel.top}}"], "wheel")).toEqual([]);
    expect(ownProblems(["{{prize.amount}} cash"], "quest")).toEqual(["{{prize.amount}} names no claimed object"]);
    expect(ownProblems(["{{quest.cap}}"], "quest")).toEqual(["{{quest.cap}}: a quest has no 'cap'"]);
    expect(ownProblems(["5.00 cash"], "prize")).toEqual([expect.stringContaining("'5'"), expect.stringContaining("'00'")]);
    // A banner may not claim a sector or a quest: they are only their own.
    expect(parseClaimRef("prize:daily-wheel")).toBeNull();
    expect(parseClaimRef("prize:daily-wheel", OWN_FIELDS)).toEqual({ kind: "prize", sysname: "daily-wheel" });
  });
});
