import type { OAuthProvider, OAuthProviderFactory } from "./oauth";
import { ProviderRegistry } from "./registry";

/**
 * The social sign-in services this platform can speak to, by service id, each with whether this
 * deployment offers it. The CMS auth config decides which buttons a site shows (cms.getConfig
 * drops the services not offered here); a service not offered answers 400 at /oauth/init. The demo
 * provider (`demo`) vouches for any email typed into it: never in production unless named (decision 0060).
 */
export const oauthProviders = new ProviderRegistry<OAuthProviderFactory>();

/** Whether this deployment signs in with that service id. */
export function oauthOffered(service: string, env: Env): boolean {
  return oauthProviders.named(env, service) !== null;
}

/** The provider of a service id, speaking for this request's origin; null when unknown or not offered here. */
export function oauthProvider(service: string, env: Env, origin: string): OAuthProvider | null {
  return oauthProviders.named(env, service)?.(env, origin) ?? null;
}
