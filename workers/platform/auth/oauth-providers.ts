import { demoOAuthProvider } from "../demo/oauth-demo-provider";
import { demoOn } from "../demo/switches";
import type { OAuthProvider } from "./oauth-provider";

/**
 * The social sign-in services this platform can speak to, by service id, each with whether this
 * deployment offers it. The CMS auth config decides which buttons a site shows (cms.getConfig
 * drops the services not offered here); a service not offered answers 400 at /oauth/init.
 */
const PROVIDERS: Record<string, { offered: (env: Env) => boolean; open: (env: Env, origin: string) => OAuthProvider }> = {
  // The demo provider vouches for any email typed into it: never in production unless named (decision 0060).
  demo: { offered: (env) => demoOn(env, "oauth"), open: demoOAuthProvider },
};

/** Whether this deployment signs in with that service id. */
export function oauthOffered(service: string, env: Env): boolean {
  return Object.hasOwn(PROVIDERS, service) && PROVIDERS[service]!.offered(env);
}

/** The provider of a service id, speaking for this request's origin; null when unknown or not offered here. */
export function oauthProvider(service: string, env: Env, origin: string): OAuthProvider | null {
  return oauthOffered(service, env) ? PROVIDERS[service]!.open(env, origin) : null;
}
