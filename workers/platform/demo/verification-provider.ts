import type { VerificationProvider } from "../providers/verification";
import { issueToken, latestApplicant, openApplicant, toApplicant } from "./verification-store";

/** The hosted page of the demo verification provider: `?token=` follows. */
export const DEMO_VERIFICATION_PATH = "/platform/demo/verification";

/**
 * The demo verification provider ("Playfront ID"), standing in for a Sumsub-like service: its
 * own books (verification-store.ts), a hosted page (verification-routes.ts), a review console and
 * signed webhooks to the platform (verification-review.ts, verification-outbox.ts).
 */
export const demoVerificationProvider: VerificationProvider = {
  async latestApplicant(env, uid) {
    const row = await latestApplicant(env.DB, uid);
    return row ? toApplicant(row) : null;
  },

  async openApplicant(env, uid, now) {
    const row = await openApplicant(env.DB, uid, now);
    return row ? toApplicant(row) : null;
  },

  async accessToken(env, applicantId, externalActionId, now) {
    const { token, expiresAt } = await issueToken(env.DB, applicantId, externalActionId, now);
    return { token, expires_at: Math.floor(expiresAt / 1000), url: `${DEMO_VERIFICATION_PATH}?token=${token}` };
  },
};
