import { demoOAuthProvider } from "../demo/oauth-demo-provider";
import type { OAuthProvider } from "./oauth-provider";

/**
 * The social sign-in services this platform can speak to, by service id. The CMS auth config
 * decides which buttons a site shows; a service missing here answers 400 at /oauth/init.
 */
const PROVIDERS: Record<string, (env: Env, origin: string) => OAuthProvider> = {
  demo: demoOAuthProvider,
};

/** The provider of a service id, speaking for this request's origin; null when unknown. */
export function oauthProvider(service: string, env: Env, origin: string): OAuthProvider | null {
  return Object.hasOwn(PROVIDERS, service) ? PROVIDERS[service]!(env, origin) : null;
}
