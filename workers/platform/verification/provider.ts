import type { VerificationAccessToken, VerificationApplicant } from "../../../app/lib/api/contract-verification";
import { PlatformError } from "../../../app/lib/api/errors";
import { demoVerificationProvider } from "../demo/verification-provider";
import { demoOn } from "../demo/switches";

/**
 * What the platform needs from an identity verification provider (Sumsub-shaped). The demo one
 * (workers/platform/demo/verification-*.ts) keeps applicants, uploads and tokens in D1, shows a
 * hosted page and a review console, and reports decisions with a signed webhook (webhook.ts).
 */
export interface VerificationProvider {
  /** The player's newest attempt, or null when they never started one. */
  latestApplicant(env: Env, uid: number): Promise<VerificationApplicant | null>;
  /** The player's open attempt (init or pending), or a new one; null after a final rejection. */
  openApplicant(env: Env, uid: number, now: number): Promise<VerificationApplicant | null>;
  /** A short-lived token for the hosted page of this attempt. */
  accessToken(env: Env, applicantId: string, externalActionId: string | null, now: number): Promise<VerificationAccessToken>;
}

const unavailable = () => new PlatformError("InvalidRequest", "Identity verification is not available on this site");

/** No provider: no attempts to show, and starting one is refused with a clear error. */
const noProvider: VerificationProvider = {
  latestApplicant: async () => null,
  openApplicant: async () => {
    throw unavailable();
  },
  accessToken: async () => {
    throw unavailable();
  },
};

/**
 * The provider this deployment verifies with: the demo one until an operator plugs in another,
 * and it only where it is switched on (never in production unless named, decision 0060).
 */
export function verificationProvider(env: Env): VerificationProvider {
  return demoOn(env, "verification") ? demoVerificationProvider : noProvider;
}
