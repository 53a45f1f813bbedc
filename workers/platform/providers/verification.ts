import type { VerificationAccessToken, VerificationApplicant } from "../../../core/api/contract-verification";

/**
 * The verification port: what the platform needs from an identity verification provider
 * (Sumsub-shaped), reached through verification-registry.ts. The demo one
 * (workers/platform/demo/verification-*.ts) keeps applicants, uploads and tokens in D1, shows a
 * hosted page and a review console, and reports decisions with a signed webhook
 * (verification/webhook.ts).
 */
export interface VerificationProvider {
  /** The player's newest attempt, or null when they never started one. */
  latestApplicant(env: Env, uid: number): Promise<VerificationApplicant | null>;
  /** The player's open attempt (init or pending), or a new one; null after a final rejection. */
  openApplicant(env: Env, uid: number, now: number): Promise<VerificationApplicant | null>;
  /** A short-lived token for the hosted page of this attempt. */
  accessToken(env: Env, applicantId: string, externalActionId: string | null, now: number): Promise<VerificationAccessToken>;
}
