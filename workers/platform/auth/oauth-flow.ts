import { readCookie } from "../../../core/cookies";
import { timingSafeEqual } from "../core/bytes";
import { readSetting } from "../core/settings";
import { recordSignIn } from "../events/sign-in";
import { activeExclusion } from "../responsible/self-exclusion";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { accountListedOn, listedOn } from "../responsible/national-register";
import { jurisdictionOf, requestCountry } from "../../../core/jurisdictions";
import { loadLocales } from "../i18n/locales";
import { createSocialAccount, emailTaken, isUniqueViolation, linkedAccount, linkIdentity } from "./oauth-accounts";
import { errorPage } from "./oauth-html";
import { pkceChallenge, pkceVerifier } from "./oauth-pkce";
import { OAuthProviderError, type OAuthIdentity } from "../providers/oauth";
import { oauthProvider } from "../providers/oauth-registry";
import { safeReturnPath, withOutcome } from "./oauth-return";
import { pageSession, startPageSession, type PageSession } from "./oauth-session";
import { clearedFlowCookie, flowCookie, newState, readFlow, type OAuthFlow, type TypeAuth } from "./oauth-state";
import { playerTables } from "../player/routed-d1";

/**
 * Social sign-in (SPEC §7): the app opens /oauth/init in a popup (or as a page); the provider
 * sends the browser back to /oauth/callback/<service>, which signs in, links or creates the
 * account and returns to redirect_url with `social_auth=success` or `social_auth=error&reason=…`.
 */
export type SocialFailure =
  | "access_denied"
  | "state"
  | "email_taken"
  | "linked_elsewhere"
  | "provider"
  | "banned"
  | "two_factor"
  | "self_excluded"
  | "national_register";

const TYPES: readonly TypeAuth[] = ["login", "registration", "link"];
const enc = new TextEncoder();

const callbackUri = (origin: string, service: string) => `${origin}/oauth/callback/${encodeURIComponent(service)}`;

/** The locale of a new account: the query's, the locale cookie's, the return path's prefix, else the default. */
async function requestLocale(db: D1Database, url: URL, request: Request, returnPath: string): Promise<string> {
  const { locales, defaultLocale } = await loadLocales(db);
  const known = new Set(locales.map((l) => l.code));
  const prefix = /^\/([a-z]{2}(?:-[A-Z]{2})?)(?:[/?#]|$)/.exec(returnPath)?.[1];
  const asked = [url.searchParams.get("locale"), readCookie(request.headers.get("cookie"), "locale"), prefix];
  return asked.find((l): l is string => Boolean(l && known.has(l))) ?? defaultLocale;
}

/** GET /oauth/init?service&redirect_url&type_auth: remembers the flow and sends the browser to the provider. */
export async function oauthInit(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const service = url.searchParams.get("service") ?? "";
  const provider = oauthProvider(service, env, url.origin);
  if (!provider) return errorPage(400, "Unknown sign-in service", "This site cannot sign you in with that service.");
  const typeAuth = (url.searchParams.get("type_auth") || "login") as TypeAuth;
  if (!TYPES.includes(typeAuth)) return errorPage(400, "Unknown sign-in request", "type_auth must be login, registration or link.");
  const redirectUrl = safeReturnPath(url.searchParams.get("redirect_url"));

  const session = await pageSession(request, env);
  if (typeAuth === "link" && !session.player) {
    return errorPage(401, "Sign in first", `Sign in to link your ${provider.name} account to your account.`);
  }
  if (typeAuth === "link" && session.player?.banned) {
    return errorPage(403, "Account blocked", "This account is blocked. Please contact support.");
  }
  const state = newState();
  const verifier = pkceVerifier();
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append(
    "set-cookie",
    await flowCookie(env, {
      state,
      verifier,
      service,
      redirectUrl,
      typeAuth,
      uid: typeAuth === "link" ? session.player!.uid : 0,
      locale: await requestLocale(env.DB, url, request, redirectUrl),
    }),
  );
  if (session.clear) headers.append("set-cookie", session.clear);
  headers.set("location", provider.authorizeUrl({ state, codeChallenge: await pkceChallenge(verifier), redirectUri: callbackUri(url.origin, service) }));
  return new Response(null, { status: 302, headers });
}

type Settled = { ok: true; signIn: number | null } | { ok: false; reason: SocialFailure };

/**
 * What the identity means here: a link for the player who asked, a sign-in to the account it is
 * linked to, or a new account — but never an existing account found by email alone.
 */
async function settle(env: Env, flow: OAuthFlow, identity: OAuthIdentity, session: PageSession, country: string): Promise<Settled> {
  const db = env.DB;
  if (flow.typeAuth === "link") {
    if (session.player!.banned) return { ok: false, reason: "banned" };
    const linked = await linkIdentity(db, flow.service, identity.subject, session.player!.uid);
    return linked === "elsewhere" ? { ok: false, reason: "linked_elsewhere" } : { ok: true, signIn: null };
  }
  const linked = await linkedAccount(db, flow.service, identity.subject);
  if (linked?.is_banned === 1) return { ok: false, reason: "banned" };
  if (linked && (await activeExclusion(playerTables(env, linked.uid), linked.uid)) !== undefined) return { ok: false, reason: "self_excluded" };
  // A provider's word does not replace the player's second factor: such accounts sign in with
  // password and code (the two-factor step needs both).
  if (linked?.two_factor_enabled === 1) return { ok: false, reason: "two_factor" };
  // The national register asks of every sign-in and of a new account's email (decision 0092); a
  // social account gives its name and birth date when it completes its registration, asked again then.
  const site = await siteJurisdiction({ db });
  if (linked) return (await accountListedOn(env, db, site, linked)) ? { ok: false, reason: "national_register" } : { ok: true, signIn: linked.uid };
  if (identity.email && (await emailTaken(db, identity.email))) return { ok: false, reason: "email_taken" };
  const person = { firstName: "", lastName: "", birthDate: null, email: identity.email || null, country };
  if (identity.email && (await listedOn(env, jurisdictionOf(country, site), person))) return { ok: false, reason: "national_register" };

  const { default_currency } = await readSetting<{ default_currency: string }>(db, "general_info");
  try {
    const uid = await createSocialAccount(db, {
      service: flow.service,
      subject: identity.subject,
      login: identity.email || `${flow.service}_${identity.subject}`,
      email: identity.email,
      emailConfirmed: identity.email_verified,
      locale: flow.locale,
      currency: default_currency,
      fakename: "",
      registrationCompleted: false,
    });
    return { ok: true, signIn: uid };
  } catch (e) {
    // A second callback with the same identity won the race: sign in to the account it created.
    const winner = isUniqueViolation(e) ? await linkedAccount(db, flow.service, identity.subject) : null;
    if (!winner) throw e;
    return winner.is_banned === 1 ? { ok: false, reason: "banned" } : { ok: true, signIn: winner.uid };
  }
}

/** GET /oauth/callback/<service>?code&state (or ?error&state): checks the flow, exchanges the code, settles. */
export async function oauthCallback(request: Request, env: Env, service: string): Promise<Response> {
  const url = new URL(request.url);
  const flow = await readFlow(request, env);
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append("set-cookie", clearedFlowCookie(env));
  const done = (outcome: Record<string, string>) => {
    headers.set("location", withOutcome(flow?.redirectUrl ?? "/", outcome));
    return new Response(null, { status: 302, headers });
  };
  const fail = (reason: SocialFailure) => done({ social_auth: "error", reason });

  const state = url.searchParams.get("state") ?? "";
  if (!flow || flow.service !== service || !timingSafeEqual(enc.encode(state), enc.encode(flow.state))) return fail("state");
  const error = url.searchParams.get("error");
  if (error) return fail(error === "access_denied" ? "access_denied" : "provider");
  const code = url.searchParams.get("code") ?? "";
  const provider = oauthProvider(service, env, url.origin);
  if (!code || code.length > 512 || !provider) return fail("provider");

  const session = await pageSession(request, env);
  // A link finishes only for the player who started it.
  if (flow.typeAuth === "link" && session.player?.uid !== flow.uid) return fail("state");

  let identity: OAuthIdentity;
  try {
    identity = await provider.exchangeCode(code, flow.verifier, callbackUri(url.origin, service));
  } catch (e) {
    if (!(e instanceof OAuthProviderError)) throw e;
    console.warn(`oauth: ${service} code exchange refused: ${e.message}`);
    return fail("provider");
  }

  const settled = await settle(env, flow, identity, session, requestCountry(request));
  if (!settled.ok) {
    if (session.clear) headers.append("set-cookie", session.clear);
    return fail(settled.reason);
  }
  if (settled.signIn !== null) {
    headers.append("set-cookie", await startPageSession(request, env, settled.signIn, session.carried));
    await recordSignIn(env.DB, settled.signIn, service);
  } else if (session.clear) headers.append("set-cookie", session.clear);
  return done({ social_auth: "success" });
}
