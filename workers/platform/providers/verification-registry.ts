import { PlatformError } from "../../../core/api/errors";
import { ProviderRegistry } from "./registry";
import type { VerificationProvider } from "./verification";

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
 * The identity verification providers of this deployment; it verifies with the first one offered.
 * The composition root registers the demo one, offered only where it is switched on (never in
 * production unless named, decision 0060), until an operator plugs in another.
 */
export const verificationProviders = new ProviderRegistry<VerificationProvider>();

/** The provider this deployment verifies with, or one that shows nothing and refuses to start (400). */
export function verificationProvider(env: Env): VerificationProvider {
  return verificationProviders.first(env) ?? noProvider;
}
