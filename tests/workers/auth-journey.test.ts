import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Browser, codeAt, frozenTotpClock, PASSWORD, US_PLAYER, uniqueName } from "./auth-helpers";
import { data, failure } from "./helpers";

// Codes are made and checked on a held authenticator clock: no wait for a fresh step.
frozenTotpClock();

/** Everything the Worker logs during a test, to prove no secret ever reaches the logs. */
function captureLogs() {
  const lines: string[] = [];
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
    });
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("a player's journey: register, sign in, two-factor, sign out", () => {
  it("register → getInfo → logout → login → enable 2FA → login with code → replay refused → logout", async () => {
    const logs = captureLogs();
    const secrets: string[] = [PASSWORD];
    const b = new Browser();
    const login = uniqueName("journey");
    const email = `${login}@example.com`;

    // Register: signed in at once, the session cookie set.
    const registered = await data(b.post("auth/register", { login, email, password: PASSWORD, terms: "1", ...US_PLAYER, currency: "EUR", notify: "1" }));
    expect(registered).toMatchObject({ uid: expect.any(Number), login, is_subscribed: true, two_factor_auth: false });
    expect(b.session).toMatch(/^[0-9a-f]{32}$/);
    secrets.push(b.session!);

    // getInfo shows the player, balances zero in their currency.
    const info = await data(b.get("account/getInfo"));
    expect(info).toEqual(registered);
    expect(info.balance_main).toEqual({ amount: 0, currency: "EUR" });
    expect(info.email).toEqual({ type: "email", contact: email, is_confirmed: false, is_subscribed: true });

    // Logout: cookie cleared, the session gone.
    expect(await data(b.post("auth/logout"))).toBe(1);
    expect(b.session).toBeUndefined();
    expect((await data(b.get("account/getInfo"))).uid).toBe(0);

    // Login with the password.
    expect((await data(b.post("auth/login", { login, password: PASSWORD }))).uid).toBe(info.uid);
    secrets.push(b.session!);

    // Enable two-factor: a base32 secret and its otpauth URI; a code confirms.
    const setup = await data(b.post("account/changeTwoFactorAuth", { enable: "1" }));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(new RegExp(`^otpauth://totp/Playfront%20Casino:${login}\\?secret=${setup.secret}&issuer=Playfront%20Casino`));
    secrets.push(setup.secret);
    const confirmCode = await codeAt(setup.secret);
    expect(await data(b.post("account/confirmTwoFactorAuth", { code: confirmCode }))).toBe(1);
    expect((await data(b.get("account/getInfo"))).two_factor_auth).toBe(true);
    expect(await data(b.post("auth/logout"))).toBe(1);

    // Login without code: 401 naming two-factor (no resend time: the code is the authenticator's); nobody is signed in yet.
    const first = await failure(b.post("auth/login", { login, password: PASSWORD }), 401, "AuthorizationException");
    expect(first.message).toContain("two_factor_auth is enable");
    expect(first.params).toEqual({ two_factor_auth: true });
    expect((await data(b.get("account/getInfo"))).uid).toBe(0);

    // The same login with the code completes (the next step's code: the current one was used to confirm).
    const code = await codeAt(setup.secret, 1);
    secrets.push(code);
    const signedIn = await data(b.post("auth/login", { login, password: PASSWORD, code }));
    expect(signedIn.uid).toBe(info.uid);
    expect((await data(b.get("account/getInfo"))).uid).toBe(info.uid);

    // The same code again, from another browser with the right password: refused.
    const other = new Browser();
    await failure(other.post("auth/login", { login, password: PASSWORD }), 401, "AuthorizationException");
    const replay = await failure(other.post("auth/login", { login, password: PASSWORD, code }), 400, "InvalidParameterException");
    expect(replay.message).toBe("two_factor_auth: code already used");
    expect((await data(other.get("account/getInfo"))).uid).toBe(0);

    expect(await data(b.post("auth/logout"))).toBe(1);
    expect((await data(b.get("account/getInfo"))).uid).toBe(0);

    // Nothing secret was logged, nor stored in the clear.
    const logged = logs.join("\n");
    for (const s of secrets) expect(logged).not.toContain(s);
    const { results } = await env.DB.prepare("SELECT id_hash FROM sessions").all<{ id_hash: string }>();
    for (const r of results) for (const s of secrets) expect(r.id_hash).not.toBe(s);
  });
});
