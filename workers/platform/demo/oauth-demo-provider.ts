import { OAuthProviderError, type OAuthIdentity, type OAuthProvider } from "../providers/oauth";
import { DEMO_AUTHORIZE_PATH, DEMO_CLIENT_ID, DEMO_SCOPE, DEMO_TOKEN_PATH, DEMO_USERINFO_PATH, demoClientSecret } from "./oauth-demo-client";
import { demoOAuthRoutes } from "./oauth-demo-routes";

/**
 * The platform's side of the demo provider: the same calls a Google integration makes (token
 * endpoint with the client secret and PKCE verifier, then userinfo with the Bearer token), sent
 * in-process to the demo provider's routes instead of over the network.
 */
export function demoOAuthProvider(env: Env, origin: string): OAuthProvider {
  const call = async (path: string, init: RequestInit): Promise<Record<string, unknown>> => {
    const res = await demoOAuthRoutes.fetch(new Request(origin + path, init), env);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body) throw new OAuthProviderError(`Playfront ID ${path} answered ${res.status} ${String(body?.error ?? "")}`);
    return body;
  };

  return {
    id: "demo",
    name: "Playfront ID",

    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(DEMO_AUTHORIZE_PATH, origin);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: DEMO_CLIENT_ID,
        redirect_uri: redirectUri,
        scope: DEMO_SCOPE,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      }).toString();
      return url.href;
    },

    async exchangeCode(code, verifier, redirectUri): Promise<OAuthIdentity> {
      const token = await call(DEMO_TOKEN_PATH, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
          client_id: DEMO_CLIENT_ID,
          client_secret: await demoClientSecret(env),
        }),
      });
      if (typeof token.access_token !== "string" || String(token.token_type).toLowerCase() !== "bearer") {
        throw new OAuthProviderError("Playfront ID answered no Bearer token");
      }
      const user = await call(DEMO_USERINFO_PATH, { headers: { authorization: `Bearer ${token.access_token}` } });
      if (typeof user.sub !== "string" || !user.sub) throw new OAuthProviderError("Playfront ID answered no subject");
      return {
        subject: user.sub,
        email: typeof user.email === "string" ? user.email.toLowerCase() : "",
        email_verified: user.email_verified === true,
        name: typeof user.name === "string" ? user.name : "",
      };
    },
  };
}
