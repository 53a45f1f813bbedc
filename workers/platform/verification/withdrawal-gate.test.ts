import { describe, expect, it } from "vitest";
import { isPlatformError, type PlatformError } from "../../../core/api/errors";
import { assertKycAllowsWithdrawal, type KycFlags } from "./withdrawal-gate";

const flags = (f: Partial<KycFlags>): KycFlags => ({ is_kyc_block_enabled: 1, is_verified: 0, is_on_verification: 0, is_verification_blocked: 0, ...f });

function refusal(f: Partial<KycFlags>): PlatformError {
  try {
    assertKycAllowsWithdrawal(flags(f));
  } catch (e) {
    if (isPlatformError(e)) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("assertKycAllowsWithdrawal", () => {
  it("lets through a player without the KYC block, and a verified one", () => {
    expect(() => assertKycAllowsWithdrawal(flags({ is_kyc_block_enabled: 0 }))).not.toThrow();
    expect(() => assertKycAllowsWithdrawal(flags({ is_verified: 1 }))).not.toThrow();
  });

  it("asks a blocked player without a pending review to verify (422 SumsubVerificationRequired)", () => {
    const e = refusal({});
    expect([e.exception, e.status, e.params]).toEqual(["SumsubVerificationRequired", 422, { reason: "verification_required", can_verify: true }]);
    expect(refusal({ is_verification_blocked: 1 }).params).toEqual({ reason: "verification_required", can_verify: false });
  });

  it("tells a blocked player under review to wait (422 KycWithdrawal)", () => {
    const e = refusal({ is_on_verification: 1 });
    expect([e.exception, e.status, e.params]).toEqual(["KycWithdrawal", 422, { reason: "verification_pending" }]);
  });
});
