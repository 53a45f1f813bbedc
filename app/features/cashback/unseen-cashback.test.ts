import { describe, expect, it } from "vitest";
import type { Cashback } from "../../../core/api/contract-cashback";
import { unseenCashback } from "./unseen-cashback";

const cashback = (over: Partial<Cashback> = {}): Cashback => ({
  id: "a".repeat(32),
  status: "active",
  title: "Weekly cashback",
  amount: { amount: 500, currency: "USD" },
  loss: { amount: 5000, currency: "USD" },
  percent: 10,
  period_start: 0,
  end_date: 7 * 86_400_000,
  receiving_expired_at: 14 * 86_400_000,
  is_expired: false,
  ...over,
});

describe("unseenCashback (SPEC §4)", () => {
  it("shows an active cashback whose id is not the stored one, also when none is stored yet (a new player)", () => {
    const c = cashback();
    expect(unseenCashback(c, "b".repeat(32))).toBe(c);
    expect(unseenCashback(c, null)).toBe(c);
  });

  it("does not show it again once its id is stored as seen", () => {
    expect(unseenCashback(cashback(), "a".repeat(32))).toBeNull();
  });

  it("shows a paid_out cashback without receiving_expired_at, whatever is stored; not one with it", () => {
    const auto = cashback({ status: "paid_out", receiving_expired_at: null });
    expect(unseenCashback(auto, "a".repeat(32))).toBe(auto);
    expect(unseenCashback(cashback({ status: "paid_out" }), null)).toBeNull();
  });

  it("shows nothing without a latest cashback, when the stored value could not be read, or when the claim is over", () => {
    expect(unseenCashback(null, null)).toBeNull();
    expect(unseenCashback(undefined, "x")).toBeNull();
    expect(unseenCashback(cashback(), undefined)).toBeNull();
    expect(unseenCashback(cashback({ is_expired: true }), null)).toBeNull();
  });
});
