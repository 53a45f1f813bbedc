import { describe, expect, it } from "vitest";
import { withdrawRefusal } from "./withdraw-refusal";

const t = (key: string) => `<${key}>`;

describe("withdrawRefusal", () => {
  it("KYC refusals: verify, or see the status while a review is pending or after a final rejection", () => {
    expect(
      withdrawRefusal({ exception: "SumsubVerificationRequired", message: "x", params: { reason: "verification_required", can_verify: true } }, t),
    ).toEqual({
      message: "<cashier.errors.SumsubVerificationRequired>",
      need: "verify",
    });
    expect(withdrawRefusal({ exception: "SumsubVerificationRequired", message: "x", params: { can_verify: false } }, t)).toEqual({
      message: "<cashier.errors.SumsubVerificationRefused>",
      need: "verificationStatus",
    });
    expect(withdrawRefusal({ exception: "KycWithdrawal", message: "x", params: { reason: "verification_pending" } }, t)).toEqual({
      message: "<cashier.errors.KycWithdrawalPending>",
      need: "verificationStatus",
    });
    // The amount threshold (decision 0011) has no reason: verify.
    expect(withdrawRefusal({ exception: "KycWithdrawal", message: "x" }, t)).toEqual({ message: "<cashier.errors.KycWithdrawal>", need: "verify" });
  });

  it("an unconfirmed contact asks for confirmation; other refusals have no way out, own text or the platform's", () => {
    expect(withdrawRefusal({ exception: "UserNeedConfirmContact", message: "x" }, t)).toEqual({
      message: "<cashier.errors.UserNeedConfirmContact>",
      need: "confirmContact",
    });
    expect(withdrawRefusal({ exception: "WithdrawalDeclined", message: "x" }, t)).toEqual({ message: "<cashier.errors.WithdrawalDeclined>", need: null });
    expect(withdrawRefusal({ exception: "InvalidRequest", message: "As the platform says" }, t)).toEqual({ message: "As the platform says", need: null });
  });

  it("missing profile data opens the profile-data dialog with the fields it names (unknown names left out)", () => {
    expect(withdrawRefusal({ exception: "UserNeedProfileData", message: "x", params: { fields: ["first_name", "birth_date", "shoe_size", 3] } }, t)).toEqual({
      message: "<cashier.errors.UserNeedProfileData>",
      need: "profileData",
      missing: ["first_name", "birth_date"],
    });
    expect(withdrawRefusal({ exception: "UserNeedProfileData", message: "x" }, t)).toEqual({
      message: "<cashier.errors.UserNeedProfileData>",
      need: "profileData",
      missing: [],
    });
  });

  it("an active bonus: the burning-bonuses dialog with the sum of what the bonus balances lose; another InvalidRequest is no dialog", () => {
    const bonuses = [
      { id: "a", type: "casino", balance: { amount: 1250, currency: "EUR" } },
      { id: "b", type: "betting", balance: { amount: 500, currency: "EUR" } },
      { id: "c", type: "casino", balance: "junk" },
    ];
    expect(withdrawRefusal({ exception: "InvalidRequest", message: "x", params: { reason: "bonuses_burn", bonuses } }, t)).toEqual({
      message: "<cashier.burn.title>",
      need: "burnBonuses",
      burning: { amount: 1750, currency: "EUR" },
    });
    expect(withdrawRefusal({ exception: "InvalidRequest", message: "x", params: { reason: "bonuses_burn" } }, t)).toEqual({
      message: "<cashier.burn.title>",
      need: "burnBonuses",
      burning: undefined,
    });
    expect(withdrawRefusal({ exception: "InvalidRequest", message: "Try again", params: { reason: "other" } }, t)).toEqual({
      message: "Try again",
      need: null,
    });
  });
});
