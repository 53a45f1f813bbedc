import { Hono, type Context } from "hono";
import { AccountRules } from "../../../core/api/entities";
import { errorPage } from "../auth/oauth-html";
import { PKCE_CHALLENGE, PKCE_VERIFIER, pkceChallenge } from "../auth/oauth-pkce";
import { timingSafeEqual } from "../core/bytes";
import { consentPage, type ConsentRequest } from "./oauth-demo-consent";
import { demoOnly } from "./switches";
import { DEMO_AUTHORIZE_PATH, DEMO_CLIENT_ID, DEMO_SCOPE, DEMO_TOKEN_PATH, DEMO_USERINFO_PATH, demoClientSecret, demoRedirectUris } from "./oauth-demo-client";
import { consumeCode, findCode, identityOfToken, issueCode, issueToken, revokeTokensOf, sweepCodes, TOKEN_TTL_MS, upsertIdentity } from "./oauth-demo-store";

/**
 * The demo OAuth provider "Playfront ID", behaving like a real one: an authorize endpoint with a
 * consent page (GET shows it, POST decides), a token endpoint (authorization_code + PKCE S256,
 * client secret) and a userinfo endpoint (Bearer). Error answers follow RFC 6749 §4.1.2.1 and §5.2.
 */
export const demoOAuthRoutes = new Hono<{ Bindings: Env }>();

// It vouches for any email typed into it: off (production unless named in DEMO_PROVIDERS), not found.
demoOAuthRoutes.use("/platform/demo/oauth/*", demoOnly("oauth"));

type Ctx = Context<{ Bindings: Env }>;
type Fields = Record<string, string>;

const enc = new TextEncoder();
const sameText = (a: string, b: string) => timingSafeEqual(enc.encode(a), enc.encode(b));
const SCOPES = new Set(DEMO_SCOPE.split(" "));
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

async function formFields(c: Ctx): Promise<Fields> {
  const type = c.req.header("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return {};
  const out: Fields = {};
  for (const [k, v] of Object.entries(await c.req.parseBody().catch(() => ({})))) if (typeof v === "string") out[k] = v;
  return out;
}

function redirectTo(redirectUri: string, params: Fields): Response {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return new Response(null, { status: 302, headers: { location: url.href, "cache-control": "no-store" } });
}

/**
 * Checks an authorization request. Without a known client and its registered redirect URI the
 * provider must not redirect anywhere (an error page); after that, errors go back to the client.
 */
function checkAuthorizeRequest(c: Ctx, f: Fields): { request: ConsentRequest } | { response: Response } {
  const clientId = f.client_id ?? "";
  const redirectUri = f.redirect_uri ?? "";
  if (clientId !== DEMO_CLIENT_ID) {
    return { response: errorPage(400, "Unknown application", "This sign-in request comes from an application Playfront ID does not know.") };
  }
  if (!demoRedirectUris(c.env, c.req.url).includes(redirectUri)) {
    return { response: errorPage(400, "Wrong redirect address", "This sign-in request asks to return to an address the application did not register.") };
  }
  const state = f.state ?? "";
  const back = (error: string) => ({ response: redirectTo(redirectUri, { error, ...(state ? { state } : {}) }) });
  if (f.response_type !== undefined && f.response_type !== "code") return back("unsupported_response_type");
  if (!state || state.length > 512) return back("invalid_request");
  if (f.code_challenge_method !== "S256" || !PKCE_CHALLENGE.test(f.code_challenge ?? "")) return back("invalid_request");
  const scope = (f.scope ?? DEMO_SCOPE).trim() || DEMO_SCOPE;
  if (!scope.split(/\s+/).every((s) => SCOPES.has(s))) return back("invalid_scope");
  return {
    request: { client_id: clientId, redirect_uri: redirectUri, state, code_challenge: f.code_challenge!, code_challenge_method: "S256", scope },
  };
}

demoOAuthRoutes.get(DEMO_AUTHORIZE_PATH, (c) => {
  const checked = checkAuthorizeRequest(c, c.req.query());
  if ("response" in checked) return checked.response;
  return consentPage(checked.request, { email: "", name: "" });
});

demoOAuthRoutes.post(DEMO_AUTHORIZE_PATH, async (c) => {
  const f = await formFields(c);
  const checked = checkAuthorizeRequest(c, f);
  if ("response" in checked) return checked.response;
  const req = checked.request;
  if (f.decision !== "allow") return redirectTo(req.redirect_uri, { error: "access_denied", state: req.state });

  const email = (f.email ?? "").trim().toLowerCase();
  const typedName = (f.name ?? "").trim();
  const errors: { email?: string; name?: string } = {};
  if (!AccountRules.email.safeParse(email).success) errors.email = "Enter a valid email address";
  if (typedName.length > 50 || /[\p{Cc}<>]/u.test(typedName)) errors.name = "Use up to 50 letters, digits and spaces";
  if (errors.email || errors.name) return consentPage(req, { email: f.email ?? "", name: f.name ?? "", errors }, 400);

  const identity = await upsertIdentity(c.env.DB, email, typedName || email.slice(0, email.indexOf("@")));
  const code = await issueCode(c.env.DB, {
    subject: identity.subject,
    clientId: req.client_id,
    redirectUri: req.redirect_uri,
    codeChallenge: req.code_challenge,
    scope: req.scope,
  });
  await sweepCodes(c.env.DB);
  return redirectTo(req.redirect_uri, { code, state: req.state });
});

const tokenError = (error: string, status = 400) =>
  Response.json({ error }, { status, headers: { ...NO_STORE, ...(status === 401 ? { "www-authenticate": 'Basic realm="Playfront ID"' } : {}) } });

/** Client credentials from the form body, or from HTTP Basic (RFC 6749 §2.3.1). */
function clientCredentials(c: Ctx, f: Fields): { id: string; secret: string } {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(c.req.header("authorization") ?? "");
  if (basic) {
    try {
      const [id = "", secret = ""] = atob(basic[1]!)
        .split(":")
        .map((p) => decodeURIComponent(p.replace(/\+/g, " ")));
      return { id, secret };
    } catch {
      return { id: "", secret: "" };
    }
  }
  return { id: f.client_id ?? "", secret: f.client_secret ?? "" };
}

demoOAuthRoutes.post(DEMO_TOKEN_PATH, async (c) => {
  const f = await formFields(c);
  const client = clientCredentials(c, f);
  if (client.id !== DEMO_CLIENT_ID || !sameText(client.secret, await demoClientSecret(c.env))) return tokenError("invalid_client", 401);
  if (f.grant_type !== "authorization_code") return tokenError("unsupported_grant_type");
  if (!f.code || !f.code_verifier || !f.redirect_uri) return tokenError("invalid_request");

  const db = c.env.DB;
  const code = await findCode(db, f.code);
  if (!code) return tokenError("invalid_grant");
  // Any exchange burns the code; a second one is a replay and revokes what the first one bought.
  if (!(await consumeCode(db, code.code_hash))) {
    await revokeTokensOf(db, code.code_hash);
    return tokenError("invalid_grant");
  }
  const verifierOk = PKCE_VERIFIER.test(f.code_verifier) && sameText(await pkceChallenge(f.code_verifier), code.code_challenge);
  if (code.expires_at <= Date.now() || code.client_id !== client.id || code.redirect_uri !== f.redirect_uri || !verifierOk) {
    return tokenError("invalid_grant");
  }
  const token = await issueToken(db, code);
  return Response.json({ access_token: token, token_type: "Bearer", expires_in: TOKEN_TTL_MS / 1000, scope: code.scope }, { headers: NO_STORE });
});

demoOAuthRoutes.get(DEMO_USERINFO_PATH, async (c) => {
  const bearer = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/i.exec(c.req.header("authorization") ?? "");
  const identity = bearer ? await identityOfToken(c.env.DB, bearer[1]!) : null;
  if (!identity) {
    return Response.json(
      { error: "invalid_token" },
      { status: 401, headers: { ...NO_STORE, "www-authenticate": 'Bearer realm="Playfront ID", error="invalid_token"' } },
    );
  }
  return Response.json(
    // The demo provider vouches for the email it was given, as a real provider does for its verified accounts.
    { sub: identity.subject, email: identity.email, email_verified: true, name: identity.name },
    { headers: NO_STORE },
  );
});

/** Other verbs on the provider's endpoints. */
const allowed: [string, string][] = [
  [DEMO_AUTHORIZE_PATH, "GET, POST"],
  [DEMO_TOKEN_PATH, "POST"],
  [DEMO_USERINFO_PATH, "GET"],
];
for (const [path, allow] of allowed) {
  demoOAuthRoutes.all(path, (c) => c.text(`${c.req.method} is not allowed here`, 405, { allow }));
}
