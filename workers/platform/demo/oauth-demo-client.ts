import { sign } from "../core/signing";

/**
 * The one client the demo provider knows: the platform itself. Its secret is derived from
 * SIGNING_SECRET — nothing worth protecting on a demo provider, but checked as a real one would.
 */
export const DEMO_CLIENT_ID = "playfront-web";
export const DEMO_SCOPE = "openid email profile";
export const DEMO_AUTHORIZE_PATH = "/platform/demo/oauth/authorize";
export const DEMO_TOKEN_PATH = "/platform/demo/oauth/token";
export const DEMO_USERINFO_PATH = "/platform/demo/oauth/userinfo";
export const DEMO_CALLBACK_PATH = "/oauth/callback/demo";

export function demoClientSecret(env: Pick<Env, "SIGNING_SECRET">): Promise<string> {
  return sign(env.SIGNING_SECRET, "demo-oauth-client-secret", DEMO_CLIENT_ID);
}

/** The registered callbacks: this origin's, and the public origin's when one is configured. */
export function demoRedirectUris(env: Pick<Env, "PUBLIC_ORIGIN">, requestUrl: string): string[] {
  const origins = new Set([new URL(requestUrl).origin]);
  if (env.PUBLIC_ORIGIN) origins.add(new URL(env.PUBLIC_ORIGIN).origin);
  return [...origins].map((o) => o + DEMO_CALLBACK_PATH);
}
