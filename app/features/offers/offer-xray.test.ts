import { describe, expect, it } from "vitest";
import type { OfferPromotion } from "../../../core/api/contract-offers";
import { offerFitsDeposit, promotionXray } from "./offer-xray";

const usd = (amount: number) => ({ amount, currency: "USD" });
const reload: OfferPromotion = {
  type: "bonus",
  sysname: "r",
  title: "",
  description: "",
  percent: 50,
  amount: null,
  cap: usd(20000),
  min_deposit: usd(2000),
  max_deposit: null,
  wager_multiplier: 30,
  wager_base: "bonus",
  wagering_days: 21,
  rtp_bp: 9600,
  freespins: null,
};

describe("promotionXray", () => {
  it("a percentage bonus for a deposit: floored, capped, wagered and costed", () => {
    expect(promotionXray(reload, 10_000)).toEqual({ deposit: 10_000, bonus: 5000, required: 150_000, cost: 6000, currency: "USD" });
    expect(promotionXray(reload, 100_000)?.bonus).toBe(20000);
    // Without a deposit: at the cap.
    expect(promotionXray(reload, null)).toMatchObject({ deposit: 40_000, bonus: 20000 });
  });
  it("a fixed bonus, deposit + bonus wagering, and free spins (none)", () => {
    const fixed = { ...reload, percent: null, amount: usd(500), cap: null, wager_base: "deposit_bonus" as const };
    expect(promotionXray(fixed, 1000)).toMatchObject({ bonus: 500, required: 30 * 1500 });
    expect(promotionXray({ ...reload, type: "freespins" }, 1000)).toBeNull();
  });
});

describe("offerFitsDeposit", () => {
  const offer = { trigger: { action: "deposit", params: { exclude_methods: ["demo_mobile"] } }, promotions: [reload] };
  it("respects exclude_methods and the deposit range", () => {
    expect(offerFitsDeposit(offer, "demo_card", 5000)).toBe(true);
    expect(offerFitsDeposit(offer, "demo_mobile", 5000)).toBe(false);
    expect(offerFitsDeposit(offer, "demo_card", 1000)).toBe(false);
    expect(offerFitsDeposit({ ...offer, trigger: { ...offer.trigger, action: "take" } }, "demo_card", 5000)).toBe(false);
  });
});
