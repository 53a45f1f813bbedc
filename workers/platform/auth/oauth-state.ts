import { fromBase64Url, toBase64Url } from "../../../core/base64url";
import { readCookie, serializeCookie } from "../../../core/cookies";
import { randomBytes } from "../core/bytes";

/**
 * One social sign-in in flight, between /oauth/init and /oauth/callback: the state, the PKCE
 * verifier and where to go back. It waits 10 minutes in an HttpOnly, SameSite=Lax cookie (the
 * provider's redirect back is a top-level GET, which Lax lets through), AES-GCM sealed with
 * SIGNING_SECRET, so the browser can neither read the verifier nor forge a flow.
 */
export type TypeAuth = "login" | "registration" | "link";

export interface OAuthFlow {
  state: string;
  verifier: string;
  service: string;
  /** A same-origin path (already checked). */
  redirectUrl: string;
  typeAuth: TypeAuth;
  /** For link: the player who asked; the callback must come from the same player. */
  uid: number;
  /** The request locale at init, for an account created at the callback. */
  locale: string;
  exp: number;
}

const COOKIE = "pf_oauth";
const TTL_SECONDS = 10 * 60;

async function sealKey(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`oauth-flow:${secret}`));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const cookieOptions = (env: Pick<Env, "APP_ENV">, maxAge: number) =>
  ({ httpOnly: true, secure: env.APP_ENV !== "local", sameSite: "Lax", path: "/oauth", maxAge }) as const;

export function newState(): string {
  return toBase64Url(randomBytes(32));
}

export async function flowCookie(env: Pick<Env, "APP_ENV" | "SIGNING_SECRET">, flow: Omit<OAuthFlow, "exp">): Promise<string> {
  const iv = randomBytes(12);
  const plain = new TextEncoder().encode(JSON.stringify({ ...flow, exp: Date.now() + TTL_SECONDS * 1000 }));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await sealKey(env.SIGNING_SECRET), plain);
  return serializeCookie(COOKIE, `${toBase64Url(iv)}.${toBase64Url(sealed)}`, cookieOptions(env, TTL_SECONDS));
}

export function clearedFlowCookie(env: Pick<Env, "APP_ENV">): string {
  return serializeCookie(COOKIE, "", cookieOptions(env, 0));
}

/** The flow this browser started, or null when missing, tampered with or older than 10 minutes. */
export async function readFlow(request: Request, env: Pick<Env, "SIGNING_SECRET">): Promise<OAuthFlow | null> {
  const raw = readCookie(request.headers.get("cookie"), COOKIE);
  const [iv, sealed, extra] = raw?.split(".") ?? [];
  if (!iv || !sealed || extra !== undefined) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv) }, await sealKey(env.SIGNING_SECRET), fromBase64Url(sealed));
    const flow = JSON.parse(new TextDecoder().decode(plain)) as OAuthFlow;
    return typeof flow.exp === "number" && flow.exp > Date.now() ? flow : null;
  } catch {
    return null;
  }
}
