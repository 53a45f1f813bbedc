import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../workers/platform/core/bytes";
import { Browser, PASSWORD, registerPlayer, sessionRows, uid, uniqueName } from "./auth-helpers";
import { data, failure, get, ORIGIN, send } from "./helpers";

describe("auth.login", () => {
  it("signs in by login, by email and by either in any letter case", async () => {
    const p = await registerPlayer();
    for (const name of [p.login, p.email, p.login.toUpperCase(), ` ${p.email.toUpperCase()} `]) {
      const b = new Browser();
      expect((await data(b.post("auth/login", { login: name, password: p.password }))).uid).toBe(p.uid);
      expect(await uid(b)).toBe(p.uid);
    }
  });

  it("signs in by the phone, typed as the national number or with its country's code, in any punctuation", async () => {
    const tail = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
    const p = await registerPlayer({ phone: `7700${tail}`, phone_country_code: "GB" });
    for (const name of [`7700${tail}`, `7700 ${tail}`, `+44 7700 ${tail}`, `0044-7700-${tail}`, `447700${tail}`]) {
      const b = new Browser();
      expect((await data(b.post("auth/login", { login: name, password: p.password }))).uid).toBe(p.uid);
    }
    // Another country's code is not this phone.
    const other = await new Browser().post("auth/login", { login: `+33 7700 ${tail}`, password: p.password });
    expect(other.status).toBe(401);
  });

  it("answers an unknown login exactly as a wrong password: same status, same body", async () => {
    const p = await registerPlayer();
    const wrong = await new Browser().post("auth/login", { login: p.login, password: "not-the-password" });
    const unknown = await new Browser().post("auth/login", { login: uniqueName("nobody"), password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(b).toBe(a);
    expect(JSON.parse(a)).toEqual({ error: { type: "AuthorizationException", message: "Wrong login or password" } });
    expect(wrong.headers.getSetCookie()).toEqual(unknown.headers.getSetCookie());
  });

  it("never echoes the password back", async () => {
    const p = await registerPlayer();
    const secret = "EchoMe-9d8f7";
    const res = await new Browser().post("auth/login", { login: p.login, password: secret });
    expect(await res.text()).not.toContain(secret);
    const short = await new Browser().post("auth/register", { login: uniqueName(), password: "ab cd" });
    expect(await short.text()).not.toContain("ab cd");
  });

  it("rotates the session on sign-in: the cookie the browser had stops working", async () => {
    const p = await registerPlayer();
    const before = p.browser.clone();
    await data(p.browser.post("auth/login", { login: p.login, password: p.password }));
    expect(p.browser.session).toMatch(/^[0-9a-f]{32}$/);
    expect(p.browser.session).not.toBe(before.session);
    expect(await uid(p.browser)).toBe(p.uid);
    expect(await uid(before)).toBe(0);
  });

  it("sets pf_session HttpOnly; SameSite=Lax; Path=/ in local runs (Secure and __Host- elsewhere)", async () => {
    expect(env.APP_ENV).toBe("local");
    const p = await registerPlayer();
    const res = await get("auth/login"); // 405, no cookie
    expect(res.headers.getSetCookie()).toEqual([]);
    const again = await new Browser().post("auth/login", { login: p.login, password: p.password });
    const [cookie] = again.headers.getSetCookie().filter((c) => c.startsWith("pf_session="));
    expect(cookie).toMatch(/^pf_session=[0-9a-f]{32}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("stores only the SHA-256 of the session id", async () => {
    const p = await registerPlayer();
    const rows = await sessionRows(p.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).toBe(await sha256Hex(p.browser.session!));
    expect(JSON.stringify(rows)).not.toContain(p.browser.session!);
  });

  it("gives a signed-in player the storage subject u:<uid>", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.post("storage/set", { key: "theme", value: "light" }))).toBe(true);
    const row = await env.DB.prepare("SELECT subject FROM storage WHERE key = 'theme' AND value = 'light'").first<{ subject: string }>();
    expect(row?.subject).toBe(`u:${p.uid}`);
  });

  it("refuses bad input with 400 and invalid_parameters", async () => {
    const b = new Browser();
    const none = await failure(b.post("auth/login", {}), 400, "InvalidParameterException");
    expect(Object.keys(none.invalid_parameters ?? {}).sort()).toEqual(["login", "password"]);
    expect(none.invalid_parameters?.login).toEqual(["Login is required"]);
    const empty = await failure(b.post("auth/login", { login: " ", password: "" }), 400, "InvalidParameterException");
    expect(Object.keys(empty.invalid_parameters ?? {}).sort()).toEqual(["login", "password"]);
    const long = await failure(b.post("auth/login", { login: "x".repeat(255), password: "p".repeat(129) }), 400, "InvalidParameterException");
    expect(long.invalid_parameters).toEqual({ login: ["Max length is 254"], password: ["Max length is 128"] });
    const code = await failure(b.post("auth/login", { login: "someone", password: "secret1", code: "9".repeat(65) }), 400, "InvalidParameterException");
    expect(code.invalid_parameters).toEqual({ code: ["the code must contain 6 digits"] });
  });

  it.each(["auth/login", "auth/register", "auth/restore"])("answers 405 to GET on %s", async (path) => {
    const e = await failure(get(path, { login: "a", password: "b" }), 405, "InvalidRequestException");
    expect(e.message).toMatch(/POST only/);
  });
});

describe("auth.logout", () => {
  it("ends the session, clears the cookie, and the old cookie no longer works", async () => {
    const p = await registerPlayer();
    const stolen = p.browser.clone();
    const res = await p.browser.post("auth/logout");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("pf_session="))).toMatch(/^pf_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expect(await data(res)).toBe(1);
    expect(await sessionRows(p.uid)).toEqual([]);
    expect(await uid(stolen)).toBe(0);
  });

  it("answers 1 without a session too", async () => {
    expect(await data(new Browser().post("auth/logout"))).toBe(1);
  });

  it("is taken as GET from the site's own pages (SPEC §7 names no verb), never from another site", async () => {
    const p = await registerPlayer();
    const cross = await failure(
      get("auth/logout", {}, { cookie: `pf_session=${p.browser.session}`, "sec-fetch-site": "cross-site" }),
      403,
      "AccessDeniedException",
    );
    expect(cross.message).toMatch(/Cross-site/);
    expect(await uid(p.browser)).toBeGreaterThan(0);
    const res = await p.browser.get("auth/logout");
    expect(await data(res)).toBe(1);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("pf_session="))).toMatch(/Max-Age=0/);
    expect(await sessionRows(p.uid)).toEqual([]);
  });
});

describe("session expiry", () => {
  const MINUTE = 60_000;
  const setTimes = (uid: number, sets: string) => env.DB.prepare(`UPDATE sessions SET ${sets} WHERE uid = ?1`).bind(uid).run();

  it("ends a session idle for 30 minutes: answers as a visitor, clears the cookie, deletes the row", async () => {
    const p = await registerPlayer();
    await setTimes(p.uid, `last_seen_at = ${Date.now() - 30 * MINUTE - 1000}`);
    const res = await p.browser.get("account/getInfo");
    expect((await data(res)).uid).toBe(0);
    expect(res.headers.getSetCookie().some((c) => /^pf_session=; .*Max-Age=0/.test(c))).toBe(true);
    expect(await sessionRows(p.uid)).toEqual([]);
  });

  it("keeps a session seen 29 minutes ago, and slides it", async () => {
    const p = await registerPlayer();
    const seen = Date.now() - 29 * MINUTE;
    await setTimes(p.uid, `last_seen_at = ${seen}`);
    expect(await uid(p.browser)).toBe(p.uid);
    const [row] = await sessionRows(p.uid);
    expect(Number(row!.last_seen_at)).toBeGreaterThan(seen + 28 * MINUTE);
  });

  it("writes last_seen_at at most once a minute", async () => {
    const p = await registerPlayer();
    const seen = Date.now() - 30_000;
    await setTimes(p.uid, `last_seen_at = ${seen}`);
    expect(await uid(p.browser)).toBe(p.uid);
    expect(Number((await sessionRows(p.uid))[0]!.last_seen_at)).toBe(seen);
  });

  it("ends a session 30 days after sign-in however active it is", async () => {
    const p = await registerPlayer();
    const [row] = await sessionRows(p.uid);
    expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(30 * 24 * 60 * MINUTE);
    await setTimes(p.uid, `expires_at = ${Date.now() - 1}, last_seen_at = ${Date.now()}`);
    expect(await uid(p.browser)).toBe(0);
    expect(await sessionRows(p.uid)).toEqual([]);
  });

  it("treats a malformed or unknown session cookie as no session and clears it", async () => {
    for (const value of ["not-a-session", "0".repeat(32)]) {
      const res = await get("account/getInfo", {}, { cookie: `pf_session=${value}` });
      expect((await data(res)).uid).toBe(0);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("pf_session=; "))).toBe(true);
    }
  });
});

describe("banned players", () => {
  const ban = (uid: number) => env.DB.prepare("UPDATE users SET is_banned = 1 WHERE uid = ?1").bind(uid).run();

  it("answers every call of a banned player's session with 403 UserBanned", async () => {
    const p = await registerPlayer();
    await ban(p.uid);
    for (const path of ["account/getInfo", "storage/getKeys", "account/getprofileinfo", "account/getToken", "banners/get"]) {
      const e = await failure(p.browser.get(path), 403, "UserBannedException");
      expect(e.message).toMatch(/blocked/);
    }
    await failure(p.browser.post("storage/set", { key: "k", value: "v" }), 403, "UserBannedException");
    await failure(p.browser.post("account/changefakename", { fakename: "Banned1" }), 403, "UserBannedException");
  });

  it("still serves the site data the forbidden page needs, and lets the player sign out", async () => {
    const p = await registerPlayer();
    await ban(p.uid);
    expect((await data(p.browser.get("nfx/i18n/locales"))).defaultLocale).toBe("en");
    expect(await data(p.browser.get("metadata/get"))).toHaveProperty("siteName");
    expect(await data(p.browser.post("auth/logout"))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).uid).toBe(0);
  });

  it("the demo back office bans by login: the player's own session answers 403 from then on; an unknown login is a 404", async () => {
    const { handlePlatformPages } = await import("../../workers/platform/demo");
    const ban = async (login: string) => {
      const ctx = createExecutionContext();
      const res = await handlePlatformPages(
        new Request(`${ORIGIN}/platform/demo/players/ban?login=${encodeURIComponent(login)}`, { method: "POST" }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    const p = await registerPlayer();
    expect((await data(p.browser.get("account/getInfo"))).uid).toBe(p.uid);
    const res = await ban(p.login);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { uid: p.uid, banned: true } });
    await failure(p.browser.get("account/getInfo"), 403, "UserBannedException");
    const unknown = await ban(uniqueName("nobody"));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { message: "No such player" } });
    expect((await ban("")).status).toBe(400);
  });

  it("refuses a banned player's sign-in with 403 once the password is right, and only then", async () => {
    const p = await registerPlayer();
    await ban(p.uid);
    await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 403, "UserBannedException");
    const wrong = await failure(new Browser().post("auth/login", { login: p.login, password: "wrong-password" }), 401, "AuthorizationException");
    expect(wrong.message).toBe("Wrong login or password");
  });

  it("leaves the banned session the forbidden screen needs after the right password, and only then (SPEC §6)", async () => {
    const p = await registerPlayer();
    await ban(p.uid);
    const guesser = new Browser();
    await failure(guesser.post("auth/login", { login: p.login, password: "wrong-password" }), 401, "AuthorizationException");
    expect((await data(guesser.get("account/getInfo"))).uid).toBe(0);
    const player = new Browser();
    await failure(player.post("auth/login", { login: p.login, password: p.password }), 403, "UserBannedException");
    // Every page's account read now answers 403, as for a player banned while signed in; signing out still works.
    await failure(player.get("account/getInfo"), 403, "UserBannedException");
    expect(await data(player.post("auth/logout"))).toBe(1);
    expect((await data(player.get("account/getInfo"))).uid).toBe(0);
  });

  it("signing in through the form without JavaScript leads to the 403 screen, not back to the sign-in popup", async () => {
    const p = await registerPlayer();
    await ban(p.uid);
    const b = new Browser();
    const body = new FormData();
    for (const [k, v] of Object.entries({ intent: "login", login: p.login, password: p.password, returnTo: "/gamehall" })) body.append(k, v);
    const posted = b.keep(await send("/auth", { method: "POST", body, headers: { origin: ORIGIN, ...b.headers() }, redirect: "manual" }));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/gamehall");
    const page = await send(posted.headers.get("location")!, { headers: b.headers(), redirect: "manual" });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('data-error="forbidden"');
    expect(html).not.toContain("auth__");
  });
});

describe("password hashes", () => {
  it("are PBKDF2-SHA256 with 100,000 iterations and a 16-byte salt, different for the same password", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    const hashes = (
      await env.DB.prepare("SELECT password_hash FROM users WHERE uid IN (?1, ?2)").bind(a.uid, b.uid).all<{ password_hash: string }>()
    ).results.map((r) => r.password_hash);
    for (const h of hashes) {
      expect(h).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
      expect(h).not.toContain(PASSWORD);
    }
    expect(hashes[0]).not.toBe(hashes[1]);
  });

  it("are upgraded on sign-in when stored with fewer iterations", async () => {
    const p = await registerPlayer();
    // The same password at 1,000 iterations, as an older release would have stored it.
    const salt = crypto.getRandomValues(new Uint8Array(16));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(p.password), "PBKDF2", false, ["deriveBits"]);
    const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 1000 }, key, 256);
    const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));
    const old = `pbkdf2-sha256$1000$${b64(salt)}$${b64(new Uint8Array(bits))}`;
    await env.DB.prepare("UPDATE users SET password_hash = ?2 WHERE uid = ?1").bind(p.uid, old).run();
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE uid = ?1").bind(p.uid).first<{ password_hash: string }>();
    expect(row?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
  });
});
