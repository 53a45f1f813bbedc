import { PlatformError } from "../../../core/api/errors";
import { missingIdentityFields } from "../account/profile-rules";
import type { Handlers, PlatformContext } from "../core/context";
import { verificationProvider } from "../providers/verification-registry";

type VerificationMethods = "account.setUserOnVerification" | "sumsub.getApplicant" | "sumsub.createApplicant" | "sumsub.getAccessToken";

interface VerificationFlags {
  is_verified: number;
  is_on_verification: number;
  is_verification_blocked: number;
  first_name: string;
  last_name: string;
  birth_date: string | null;
}

const finallyRejected = () =>
  new PlatformError("AccessDenied", "Your identity verification was finally rejected: contact support", { params: { status: "rejected_final" } });

/**
 * The player's flags, refusing what no verification call may do: anything after a final
 * rejection (403), and starting again once verified (409).
 */
async function assertMayVerify(ctx: PlatformContext): Promise<VerificationFlags> {
  const flags = await ctx.db
    .prepare("SELECT is_verified, is_on_verification, is_verification_blocked, first_name, last_name, birth_date FROM users WHERE uid = ?1")
    .bind(ctx.uid)
    .first<VerificationFlags>();
  if (!flags) throw new PlatformError("Authorization", "Sign in to continue");
  if (flags.is_verification_blocked) throw finallyRejected();
  if (flags.is_verified) throw new PlatformError("InvalidRequest", "Your identity is already verified", { status: 409, params: { status: "approved" } });
  return flags;
}

/**
 * Verifying needs the name and date of birth the document is checked against: KycUserProfile
 * (422) names the missing fields. (While an attempt is reviewed they cannot be cleared: the
 * profile answers RequisitesOnVerification.)
 */
function assertIdentityFields(flags: VerificationFlags): void {
  const missing = missingIdentityFields(flags);
  if (missing.length) {
    throw new PlatformError("KycUserProfile", "Fill in your name and date of birth before verifying your identity", { params: { fields: missing } });
  }
}

/** The open attempt; the provider refuses a new one after its own final rejection (before its webhook arrived). */
async function openApplicant(ctx: PlatformContext) {
  const applicant = await verificationProvider(ctx.env).openApplicant(ctx.env, ctx.uid, Date.now());
  if (!applicant) throw finallyRejected();
  return applicant;
}

export const verificationHandlers: Handlers<VerificationMethods> = {
  async "account.setUserOnVerification"(_p, ctx) {
    await assertMayVerify(ctx);
    const latest = await verificationProvider(ctx.env).latestApplicant(ctx.env, ctx.uid);
    if (latest?.status !== "pending") {
      throw new PlatformError("InvalidRequest", "Submit your documents on the verification page first", {
        status: 409,
        params: { status: latest?.status ?? null },
      });
    }
    await ctx.db.prepare("UPDATE users SET is_on_verification = 1 WHERE uid = ?1 AND is_verified = 0 AND is_verification_blocked = 0").bind(ctx.uid).run();
    return 1 as const;
  },

  // Read by the profile's verification page: no refusal, a finally rejected player sees why.
  "sumsub.getApplicant": (_p, ctx) => verificationProvider(ctx.env).latestApplicant(ctx.env, ctx.uid),

  async "sumsub.createApplicant"(_p, ctx) {
    assertIdentityFields(await assertMayVerify(ctx));
    return openApplicant(ctx);
  },

  async "sumsub.getAccessToken"({ externalActionId }, ctx) {
    assertIdentityFields(await assertMayVerify(ctx));
    const applicant = await openApplicant(ctx);
    return verificationProvider(ctx.env).accessToken(ctx.env, applicant.applicant_id, externalActionId ?? null, Date.now());
  },
};
