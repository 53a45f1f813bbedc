import { PlatformError } from "../../../core/api/errors";
import { demoVerificationProvider } from "../demo/verification-provider";
import { demoOn } from "../demo/switches";
import type { VerificationProvider } from "../providers/verification";

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
