import { toBase64Url } from "../../../core/base64url";
import { randomBytes } from "../core/bytes";

/** PKCE (RFC 7636), S256 only: the verifier stays with the client, the challenge goes to the provider. */

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** base64url of a SHA-256: 43 characters. */
export const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function pkceVerifier(): string {
  return toBase64Url(randomBytes(32));
}

export async function pkceChallenge(verifier: string): Promise<string> {
  return toBase64Url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
}
