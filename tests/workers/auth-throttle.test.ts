import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, enableTwoFactor, registerPlayer, uniqueName, wrongCode } from "./auth-helpers";
import { apiUrl, data, failure, ORIGIN, send } from "./helpers";

const FIFTEEN_MINUTES = 15 * 60;

async function failTimes(n: number, login: string, b = new Browser()) {
  for (let i = 0; i < n; i++) {
    await failure(b.post("auth/login", { login, password: `wrong-${i}` }), 401, "AuthorizationException");
  }
}

describe("sign-in throttling", () => {
  it("locks an account for 15 minutes after 5 failures in 15 minutes: 429 with params.retry_after", async () => {
    const p = await registerPlayer();
    // Five failures from five different clients: the lock follows the account, not the client.
    for (let i = 0; i < 5; i++) await failTimes(1, p.login);
    const e = await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 429, "TooManyRequestsException");
    expect(e.params?.retry_after).toBeGreaterThan(FIFTEEN_MINUTES - 5);
    expect(e.params?.retry_after).toBeLessThanOrEqual(FIFTEEN_MINUTES);
    expect(e.message).toMatch(/Too many sign-in attempts/);
    expect(e.message).not.toContain(p.password);
    // Other spellings of the same login share the lock.
    await failure(new Browser().post("auth/login", { login: p.login.toUpperCase(), password: p.password }), 429, "TooManyRequestsException");
  });

  it("locks an unknown login in exactly the same way", async () => {
    const known = await registerPlayer();
    const unknown = uniqueName("ghost");
    await failTimes(5, known.login);
    await failTimes(5, unknown);
    const a = await new Browser().post("auth/login", { login: known.login, password: "x-wrong" });
    const b = await new Browser().post("auth/login", { login: unknown, password: "x-wrong" });
    expect([a.status, b.status]).toEqual([429, 429]);
    const [ea, eb] = [(await a.json<any>()).error, (await b.json<any>()).error];
    expect(eb.type).toBe(ea.type);
    expect(Math.abs(eb.params.retry_after - ea.params.retry_after)).toBeLessThanOrEqual(2);
  });

  it("answers the fifth failure as a wrong password and the sixth attempt with 429", async () => {
    const p = await registerPlayer();
    await failTimes(4, p.login);
    await failure(new Browser().post("auth/login", { login: p.login, password: "still-wrong" }), 401, "AuthorizationException");
    await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 429, "TooManyRequestsException");
  });

  it("lets the player in again once the lock has run out", async () => {
    const p = await registerPlayer();
    await failTimes(5, p.login);
    await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 429, "TooManyRequestsException");
    await env.DB.prepare("UPDATE login_attempts SET locked_until = ?1, window_started_at = ?1 - 900001 WHERE key = ?2")
      .bind(Date.now() - 1, `login:${p.login.toLowerCase()}`)
      .run();
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const p = await registerPlayer();
    await failTimes(4, p.login);
    await data(new Browser().post("auth/login", { login: p.login, password: p.password }));
    await failTimes(4, p.login);
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
  });

  it("starts a new window when the old one has passed", async () => {
    const p = await registerPlayer();
    await failTimes(4, p.login);
    await env.DB.prepare("UPDATE login_attempts SET window_started_at = window_started_at - 900001 WHERE key = ?1")
      .bind(`login:${p.login.toLowerCase()}`)
      .run();
    await failTimes(1, p.login);
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
  });

  it("locks a client address after 20 failures across accounts; other addresses still sign in", async () => {
    const p = await registerPlayer();
    const sprayer = new Browser();
    for (let i = 0; i < 20; i++) await failTimes(1, uniqueName("spray"), sprayer);
    const e = await failure(sprayer.post("auth/login", { login: p.login, password: p.password }), 429, "TooManyRequestsException");
    expect(e.params?.retry_after).toBeGreaterThan(FIFTEEN_MINUTES - 5);
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
  });

  it("reads the client address from cf-connecting-ip, then X-Forwarded-For", async () => {
    const p = await registerPlayer();
    const ip = "198.51.100.77";
    for (let i = 0; i < 20; i++) {
      const body = new FormData();
      body.append("login", uniqueName("xff"));
      body.append("password", "wrong-pass");
      const headers = { origin: ORIGIN, "x-forwarded-for": `${ip}, 10.0.0.1` };
      await failure(send(apiUrl("auth/login"), { method: "POST", body, headers }), 401, "AuthorizationException");
    }
    const row = await env.DB.prepare("SELECT failures, locked_until FROM login_attempts WHERE key = ?1").bind(`ip:${ip}`).first<{ failures: number; locked_until: number }>();
    expect(row?.failures).toBe(20);
    expect(row!.locked_until).toBeGreaterThan(Date.now());
    // cf-connecting-ip wins over X-Forwarded-For: this client is not the locked one.
    expect((await data(new Browser("198.51.100.78").post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
  });

  it("counts wrong two-factor codes as failures", async () => {
    const p = await registerPlayer();
    const secret = await enableTwoFactor(p);
    const code = await wrongCode(secret);
    for (let i = 0; i < 5; i++) {
      await failure(new Browser().post("auth/login", { login: p.login, password: p.password, code }), 400, "InvalidParameterException");
    }
    await failure(new Browser().post("auth/login", { login: p.login, password: p.password, code }), 429, "TooManyRequestsException");
  });
});
