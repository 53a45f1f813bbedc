import { PlatformError } from "../../../core/api/errors";

/** The verification flags of the player asking to withdraw (users columns, 0 or 1). */
export interface KycFlags {
  is_kyc_block_enabled: number;
  is_verified: number;
  is_on_verification: number;
  is_verification_blocked: number;
}

/**
 * A player whose account is KYC-blocked (`is_kyc_block_enabled`, set by the operator) withdraws
 * nothing until verified: while the review is pending, KycWithdrawal (wait for it); otherwise
 * SumsubVerificationRequired (start or repeat the verification; after a final rejection only
 * support can help, `params.can_verify` false). Both 422, each with `params.reason`.
 */
export function assertKycAllowsWithdrawal(p: KycFlags): void {
  if (!p.is_kyc_block_enabled || p.is_verified) return;
  if (p.is_on_verification) {
    throw new PlatformError("KycWithdrawal", "Your identity is being verified: you can withdraw once the review approves it", {
      params: { reason: "verification_pending" },
    });
  }
  const canVerify = !p.is_verification_blocked;
  throw new PlatformError(
    "SumsubVerificationRequired",
    canVerify ? "Verify your identity to withdraw" : "Your identity verification was refused: contact support to withdraw",
    { params: { reason: "verification_required", can_verify: canVerify } },
  );
}
