import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pkceChallenge, pkceVerifier } from "../../workers/platform/auth/oauth-pkce";
import { demoClientSecret } from "../../workers/platform/demo/oauth-demo-client";
import { Browser, uniqueName } from "./auth-helpers";
import { ORIGIN, send } from "./helpers";
import { location, page, postConsent } from "./social-helpers";

/** The demo provider's endpoints on their own, as a client that is not the platform would use them. */

const REDIRECT_URI = `${ORIGIN}/oauth/callback/demo`;

async function authorizeRequest(verifier: string, extra: Record<string, string> = {}) {
  return {
    client_id: "playfront-web",
    redirect_uri: REDIRECT_URI,
    state: "state-123",
    code_challenge: await pkceChallenge(verifier),
    code_challenge_method: "S256",
    scope: "openid email profile",
    ...extra,
  };
}

/** Consents as `email` and answers the code. */
async function codeFor(verifier: string, email = `${uniqueName("provider")}@example.com`): Promise<string> {
  const back = new URL(location(await postConsent(new Browser(), { ...(await authorizeRequest(verifier)), email, name: "P", decision: "allow" })));
  expect(back.searchParams.get("state")).toBe("state-123");
  return back.searchParams.get("code")!;
}

async function token(fields: Record<string, string>, headers: HeadersInit = {}): Promise<Response> {
  return send("/platform/demo/oauth/token", { method: "POST", body: new URLSearchParams(fields), headers });
}

async function exchange(code: string, verifier: string, overrides: Record<string, string> = {}) {
  return token({
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT_URI,
    client_id: "playfront-web",
    client_secret: await demoClientSecret(env),
    ...overrides,
  });
}

const userinfo = (accessToken: string) => send("/platform/demo/oauth/userinfo", { headers: { authorization: `Bearer ${accessToken}` } });

describe("demo provider: authorize", () => {
  it("shows an error page, never a redirect, for an unknown client or an unregistered redirect_uri", async () => {
    const verifier = pkceVerifier();
    const requests: Record<string, string>[] = [
      { client_id: "someone-else" },
      { client_id: "" },
      { redirect_uri: "https://evil.example/oauth/callback/demo" },
      { redirect_uri: `${ORIGIN}/oauth/callback/demo/../../steal` },
      { redirect_uri: "" },
    ];
    for (const extra of requests) {
      const query = new URLSearchParams(await authorizeRequest(verifier, extra));
      const res = await page(new Browser(), `/platform/demo/oauth/authorize?${query}`);
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    }
  });

  it("sends other bad requests back to the client with an OAuth error", async () => {
    const verifier = pkceVerifier();
    for (const [extra, error] of [
      [{ code_challenge: "" }, "invalid_request"],
      [{ code_challenge: "short" }, "invalid_request"],
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ state: "" }, "invalid_request"],
      [{ response_type: "token" }, "unsupported_response_type"],
      [{ scope: "openid admin" }, "invalid_scope"],
    ] as const) {
      const query = new URLSearchParams(await authorizeRequest(verifier, extra));
      const back = new URL(location(await page(new Browser(), `/platform/demo/oauth/authorize?${query}`)));
      expect(back.origin + back.pathname).toBe(REDIRECT_URI);
      expect(back.searchParams.get("error"), JSON.stringify(extra)).toBe(error);
      expect(back.searchParams.has("code")).toBe(false);
    }
  });

  it("escapes what it echoes into the consent page", async () => {
    const query = new URLSearchParams(await authorizeRequest(pkceVerifier(), { state: `"><script>alert(1)</script>` }));
    const html = await (await page(new Browser(), `/platform/demo/oauth/authorize?${query}`)).text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("re-shows the form with a message for a bad email or name, issuing nothing", async () => {
    const fields = await authorizeRequest(pkceVerifier());
    for (const [email, name] of [
      ["", "A"],
      ["not-an-email", "A"],
      ["a@example.com", "x".repeat(51)],
      ["a@example.com", "<b>"],
    ]) {
      const res = await postConsent(new Browser(), { ...fields, email: email!, name: name!, decision: "allow" });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(await res.text()).toMatch(/class="error"/);
    }
  });

  it("gives the same email the same subject, and answers 405 to other verbs", async () => {
    const verifier = pkceVerifier();
    const email = `${uniqueName("stable")}@example.com`;
    const subjects = [];
    for (let i = 0; i < 2; i++) {
      const res = await exchange(await codeFor(verifier, email), verifier);
      subjects.push(((await (await userinfo(((await res.json()) as { access_token: string }).access_token)).json()) as { sub: string }).sub);
    }
    expect(subjects[0]).toBe(subjects[1]);
    for (const [path, method] of [
      ["/platform/demo/oauth/authorize", "PUT"],
      ["/platform/demo/oauth/token", "GET"],
      ["/platform/demo/oauth/userinfo", "POST"],
    ] as const) {
      const res = await send(path, { method, headers: { origin: ORIGIN } });
      expect(res.status, `${method} ${path}`).toBe(405);
    }
  });
});

describe("demo provider: token and userinfo", () => {
  it("exchanges a code once, with the right verifier, for a token userinfo accepts", async () => {
    const verifier = pkceVerifier();
    const email = `${uniqueName("token")}@example.com`;
    const code = await codeFor(verifier, email);
    const res = await exchange(code, verifier);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3600, access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const me = await userinfo(body.access_token as string);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ sub: expect.any(String), email, email_verified: true, name: "P" });
    // The code is stored hashed only.
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM demo_oauth_codes WHERE code_hash = ?1").bind(code).first<{ n: number }>();
    expect(stored!.n).toBe(0);

    // Replayed: refused, and the token the first exchange bought is revoked.
    const replay = await exchange(code, verifier);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: "invalid_grant" });
    expect((await userinfo(body.access_token as string)).status).toBe(401);
  });

  it("refuses a wrong PKCE verifier and burns the code", async () => {
    const verifier = pkceVerifier();
    const code = await codeFor(verifier);
    const wrong = await exchange(code, pkceVerifier());
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: "invalid_grant" });
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it("refuses an expired code, another redirect_uri and a malformed verifier", async () => {
    const verifier = pkceVerifier();
    const expired = await codeFor(verifier);
    await env.DB.prepare("UPDATE demo_oauth_codes SET expires_at = ?1 WHERE used_at IS NULL")
      .bind(Date.now() - 1)
      .run();
    expect(await (await exchange(expired, verifier)).json()).toEqual({ error: "invalid_grant" });
    expect(await (await exchange(await codeFor(verifier), verifier, { redirect_uri: `${ORIGIN}/elsewhere` })).json()).toEqual({ error: "invalid_grant" });
    expect(await (await exchange(await codeFor(verifier), "short")).json()).toEqual({ error: "invalid_grant" });
    expect(await (await exchange("no-such-code", verifier)).json()).toEqual({ error: "invalid_grant" });
  });

  it("authenticates the client and checks the request", async () => {
    const verifier = pkceVerifier();
    const code = await codeFor(verifier);
    const wrongClients: Record<string, string>[] = [{ client_secret: "wrong" }, { client_secret: "" }, { client_id: "someone-else" }];
    for (const overrides of wrongClients) {
      const res = await exchange(code, verifier, overrides);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "invalid_client" });
    }
    expect(await (await exchange(code, verifier, { grant_type: "password" })).json()).toEqual({ error: "unsupported_grant_type" });
    expect(await (await exchange(code, verifier, { code: "" })).json()).toEqual({ error: "invalid_request" });
    expect(await (await exchange(code, verifier, { code_verifier: "" })).json()).toEqual({ error: "invalid_request" });
    // JSON is not a form: no credentials read.
    const json = await send("/platform/demo/oauth/token", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(json.status).toBe(401);
    // HTTP Basic client authentication works too.
    const basic = btoa(`playfront-web:${await demoClientSecret(env)}`);
    const res = await token(
      { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI },
      { authorization: `Basic ${basic}` },
    );
    expect(res.status).toBe(200);
  });

  it("userinfo answers 401 without a live Bearer token", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer nope" },
      { authorization: `Bearer ${"a".repeat(43)}` },
      { authorization: "Basic abc" },
    ];
    for (const headers of attempts) {
      const res = await send("/platform/demo/oauth/userinfo", { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await res.json()).toEqual({ error: "invalid_token" });
    }
  });
});
