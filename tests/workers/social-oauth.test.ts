import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, PASSWORD, registerPlayer, sessionRows, uid, uniqueName } from "./auth-helpers";
import { data, ORIGIN, setCookie } from "./helpers";
import { consentTo, hiddenFields, location, page, postConsent, socialSignIn } from "./social-helpers";

const emailOf = (prefix = "social") => `${uniqueName(prefix)}@example.com`;
const identityRows = async (uid: number) => (await env.DB.prepare("SELECT service, subject FROM social_identities WHERE uid = ?1").bind(uid).all()).results;

describe("social sign-in with the demo provider: init → consent → callback", () => {
  it("creates an account that still has its registration to complete, and signs it in", async () => {
    const b = new Browser();
    const email = emailOf();
    const query = new URLSearchParams({ service: "demo", redirect_url: "/es/gamehall?category=slots#top", type_auth: "registration" });
    const init = await page(b, `/oauth/init?${query}`);
    const authorize = new URL(location(init));
    expect(authorize.pathname).toBe("/platform/demo/oauth/authorize");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "playfront-web",
      redirect_uri: `${ORIGIN}/oauth/callback/demo`,
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    expect(authorize.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The flow waits in a sealed, short-lived, HttpOnly, Lax cookie: no verifier in sight.
    const flow = setCookie(init, "pf_oauth")!;
    expect(flow.attributes).toMatch(/Max-Age=600/);
    expect(flow.attributes).toMatch(/HttpOnly/);
    expect(flow.attributes).toMatch(/SameSite=Lax/);
    expect(flow.attributes).toMatch(/Path=\/oauth/);
    expect(flow.value).not.toContain(authorize.searchParams.get("state"));

    // The consent page: a plain form, no scripts, mobile viewport.
    const consent = await page(b, authorize.href);
    expect(consent.status).toBe(200);
    expect(consent.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await consent.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<form method="post" action="\/platform\/demo\/oauth\/authorize"/);
    expect(html).toMatch(/name="decision" value="allow"/);
    expect(html).toMatch(/name="decision" value="deny"/);

    const back = new URL(location(await postConsent(b, { ...hiddenFields(html), email: email.toUpperCase(), name: "Ana Demo", decision: "allow" })));
    expect(back.pathname).toBe("/oauth/callback/demo");
    expect(back.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
    expect(back.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const done = await page(b, back.href);
    expect(location(done)).toBe("/es/gamehall?category=slots&social_auth=success#top");
    expect(setCookie(done, "pf_oauth")?.attributes).toMatch(/Max-Age=0/);
    const session = setCookie(done, "pf_session")!;
    expect(session.value).toMatch(/^[0-9a-f]{32}$/);
    expect(session.attributes).toMatch(/HttpOnly/);
    expect(session.attributes).toMatch(/SameSite=Lax/);

    const info = await data(b.get("account/getInfo"));
    expect(info).toMatchObject({
      login: email,
      locale: "es",
      is_registration_completed: false,
      balance_main: { amount: 0, currency: "USD" },
      email: { type: "email", contact: email, is_confirmed: true },
    });
    expect(await identityRows(info.uid)).toEqual([{ service: "demo", subject: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    // No password: the account cannot sign in with one until the player sets it.
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE uid = ?1").bind(info.uid).first();
    expect(row).toEqual({ password_hash: null });

    // The social registration popup completes it through auth.register.
    const completed = await data(b.post("auth/register", { terms: "1", password: PASSWORD, fakename: `Ana${Date.now() % 1e6}` }));
    expect(completed).toMatchObject({ uid: info.uid, is_registration_completed: true });
    expect((await data(b.get("account/getInfo"))).is_registration_completed).toBe(true);
    const again = new Browser();
    expect((await data(again.post("auth/login", { login: email, password: PASSWORD }))).uid).toBe(info.uid);
  });

  it("signs in again with the linked identity: same account, a new session id", async () => {
    const email = emailOf("again");
    const b = new Browser();
    await socialSignIn(b, { email });
    const first = await uid(b);
    const firstSession = b.session;

    // Signed in already: the callback still rotates the session.
    expect((await socialSignIn(b, { email, name: "Renamed" })).searchParams.get("social_auth")).toBe("success");
    expect(await uid(b)).toBe(first);
    expect(b.session).not.toBe(firstSession);
    expect((await sessionRows(first)).length).toBe(1);

    // From another browser, signed out.
    const other = new Browser();
    expect((await socialSignIn(other, { email: email.toUpperCase() })).searchParams.get("social_auth")).toBe("success");
    expect(await uid(other)).toBe(first);
    // Every sign-in through the provider is a `login` event (the after-login campaign popup's audience).
    const logins = await env.DB.prepare("SELECT COUNT(*) AS n FROM player_events WHERE subject = ?1 AND event_name = 'login'")
      .bind(`u:${first}`)
      .first<{ n: number }>();
    expect(logins?.n).toBe(3);
  });

  it("deny: back to the page with reason access_denied, nobody signed in", async () => {
    const b = new Browser();
    const back = await socialSignIn(b, { decision: "deny", redirectUrl: "/promotions?tab=2" });
    expect(back.pathname + back.search).toBe("/promotions?tab=2&social_auth=error&reason=access_denied");
    expect(b.session).toBeUndefined();
    expect(await uid(b)).toBe(0);
  });

  it("refuses a callback whose state does not match the flow, or without a flow", async () => {
    const b = new Browser();
    const callback = new URL(await consentTo(b, { email: emailOf(), redirectUrl: "/offers" }));
    const tampered = new URL(callback);
    tampered.searchParams.set("state", "A".repeat(43));
    expect(location(await page(b, tampered.href))).toBe("/offers?social_auth=error&reason=state");
    // The flow ended with that answer: the genuine callback now finds no flow either.
    expect(location(await page(b, callback.href))).toBe("/?social_auth=error&reason=state");
    expect(await uid(b)).toBe(0);

    // Another browser (a login CSRF: an attacker's code in a victim's browser) has no flow.
    const mine = new Browser();
    const stolen = await consentTo(mine, { email: emailOf() });
    const victim = new Browser();
    expect(location(await page(victim, stolen))).toBe("/?social_auth=error&reason=state");
    expect(victim.session).toBeUndefined();

    // A forged flow cookie is no flow.
    const forged = new Browser();
    forged.cookies.set("pf_oauth", "AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(location(await page(forged, `/oauth/callback/demo?code=x&state=y`))).toBe("/?social_auth=error&reason=state");
  });

  it("a replayed code signs nobody in: the provider refuses the second exchange", async () => {
    const b = new Browser();
    const callback = await consentTo(b, { email: emailOf("replay") });
    const copy = b.clone(); // the same flow cookie, as an attacker who saw the redirect would hold
    expect(new URL(location(await page(b, callback)), ORIGIN).searchParams.get("social_auth")).toBe("success");
    copy.cookies.delete("pf_session");
    expect(location(await page(copy, callback))).toBe("/?social_auth=error&reason=provider");
    expect(copy.session).toBeUndefined();
  });

  it("an unknown identity whose email has an account is never linked to it by email: email_taken", async () => {
    const p = await registerPlayer();
    const b = new Browser();
    const back = await socialSignIn(b, { email: p.email.toUpperCase(), redirectUrl: "/" });
    expect(back.pathname + back.search).toBe("/?social_auth=error&reason=email_taken");
    expect(b.session).toBeUndefined();
    expect(await identityRows(p.uid)).toEqual([]);
    // A login that is an email counts too.
    const loginAsEmail = await registerPlayer({ login: emailOf("login"), email: emailOf("contact") });
    expect((await socialSignIn(new Browser(), { email: loginAsEmail.login })).searchParams.get("reason")).toBe("email_taken");
  });

  it("link: a signed-in player adds an identity, then signs in with it", async () => {
    const p = await registerPlayer();
    const before = p.browser.session;
    const providerEmail = emailOf("linked");
    const back = await socialSignIn(p.browser, { email: providerEmail, typeAuth: "link", redirectUrl: "/profile/security" });
    expect(back.pathname + back.search).toBe("/profile/security?social_auth=success");
    expect(p.browser.session).toBe(before); // nobody new signed in
    expect(await uid(p.browser)).toBe(p.uid);
    expect((await identityRows(p.uid)).length).toBe(1);
    // Linking the same identity again is fine.
    expect((await socialSignIn(p.browser, { email: providerEmail, typeAuth: "link" })).searchParams.get("social_auth")).toBe("success");

    // Signed out, the identity signs in to that player (its email is not theirs: no email_taken).
    const b = new Browser();
    expect((await socialSignIn(b, { email: providerEmail })).searchParams.get("social_auth")).toBe("success");
    expect(await uid(b)).toBe(p.uid);

    // Another player cannot take it.
    const q = await registerPlayer();
    const refused = await socialSignIn(q.browser, { email: providerEmail, typeAuth: "link" });
    expect(refused.searchParams.get("reason")).toBe("linked_elsewhere");
    expect(await identityRows(q.uid)).toEqual([]);
  });

  it("link needs a signed-in player, and the same player at the callback", async () => {
    const res = await page(new Browser(), "/oauth/init?service=demo&type_auth=link&redirect_url=/");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(setCookie(res, "pf_oauth")).toBeUndefined();

    const p = await registerPlayer();
    const callback = await consentTo(p.browser, { email: emailOf(), typeAuth: "link" });
    await data(p.browser.post("auth/logout"));
    expect(location(await page(p.browser, callback))).toBe("/?social_auth=error&reason=state");
    expect(await identityRows(p.uid)).toEqual([]);
  });

  it("an account with two-factor on never signs in through the provider alone: reason two_factor", async () => {
    const email = emailOf("tfa");
    const b = new Browser();
    await socialSignIn(b, { email });
    const id = await uid(b);
    await env.DB.prepare("UPDATE users SET two_factor_secret = 'JBSWY3DPEHPK3PXP', two_factor_enabled = 1 WHERE uid = ?1").bind(id).run();
    const other = new Browser();
    expect((await socialSignIn(other, { email })).searchParams.get("reason")).toBe("two_factor");
    expect(other.session).toBeUndefined();
  });

  it("a banned account's identity gets reason banned", async () => {
    const email = emailOf("banned");
    const b = new Browser();
    await socialSignIn(b, { email });
    const banned = await uid(b);
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE uid = ?1").bind(banned).run();
    const other = new Browser();
    expect((await socialSignIn(other, { email })).searchParams.get("reason")).toBe("banned");
    expect(other.session).toBeUndefined();
  });

  it("a provider error other than a denial is reason provider", async () => {
    const b = new Browser();
    const callback = new URL(await consentTo(b, { email: emailOf() }));
    const state = callback.searchParams.get("state")!;
    expect(location(await page(b, `/oauth/callback/demo?error=server_error&state=${state}`))).toBe("/?social_auth=error&reason=provider");
  });
});

describe("/oauth/init refuses what it cannot serve", () => {
  it.each([
    ["https://evil.example/steal", "/"],
    ["//evil.example/steal", "/"],
    ["/\\evil.example", "/"],
    ["\\\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/.//evil.example", "/"],
    ["/..//evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/x\r\nSet-Cookie: a=b", "/"],
    ["evil.example", "/"],
    ["", "/"],
    ["/cashier/deposit?amount=10", "/cashier/deposit?amount=10&"],
  ])("redirect_url %j returns to %j", async (redirectUrl, expected) => {
    const b = new Browser();
    const back = location(await page(b, await consentTo(b, { decision: "deny", redirectUrl })));
    expect(back.startsWith(`${expected}${expected.endsWith("&") ? "" : "?"}social_auth=error`)).toBe(true);
    expect(back.startsWith("//")).toBe(false);
  });

  it("answers 400 pages for an unknown service or type_auth, and 405 to other verbs", async () => {
    for (const q of ["service=nope", "service=", "", "service=__proto__", "service=demo&type_auth=admin"]) {
      const res = await page(new Browser(), `/oauth/init?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(setCookie(res, "pf_oauth")).toBeUndefined();
    }
    for (const path of ["/oauth/init?service=demo", "/oauth/callback/demo?code=x&state=y"]) {
      const res = await page(new Browser(), path, { method: "POST", headers: { origin: ORIGIN } });
      expect(res.status, path).toBe(405);
      expect(res.headers.get("allow")).toBe("GET");
    }
    // A callback for a service other than the flow's.
    const b = new Browser();
    const callback = new URL(await consentTo(b, { email: emailOf() }));
    callback.pathname = "/oauth/callback/other";
    expect(location(await page(b, callback.href))).toBe("/?social_auth=error&reason=state");
  });
});
