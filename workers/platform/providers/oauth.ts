/**
 * The OAuth port: what the platform needs of a social sign-in provider (OAuth 2.0 authorization
 * code with PKCE). The demo provider (workers/platform/demo/oauth-demo-provider.ts) implements it;
 * a Google or Facebook integration would implement the same and register in oauth-registry.ts.
 */

/** The person the provider vouches for. `subject` is the provider's stable id for them. */
export interface OAuthIdentity {
  subject: string;
  /** Lower-cased; empty when the provider shares no email. */
  email: string;
  email_verified: boolean;
  name: string;
}

export interface AuthorizeParams {
  state: string;
  /** base64url(SHA-256(verifier)), sent with code_challenge_method=S256. */
  codeChallenge: string;
  /** Our callback, /oauth/callback/<id>, as an absolute URL. */
  redirectUri: string;
}

export interface OAuthProvider {
  /** The service id of /oauth/init?service= and of the CMS auth config's social list. */
  id: string;
  name: string;
  /** Where the browser goes to consent. */
  authorizeUrl(params: AuthorizeParams): string;
  /** Trades the code (with the PKCE verifier) for the identity; throws OAuthProviderError. */
  exchangeCode(code: string, verifier: string, redirectUri: string): Promise<OAuthIdentity>;
}

/** The provider refused the exchange or answered something unusable (no details for the player). */
export class OAuthProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OAuthProviderError";
  }
}

/** Opens a provider for one request: it speaks for the request's origin (its callback URL is there). */
export type OAuthProviderFactory = (env: Env, origin: string) => OAuthProvider;
