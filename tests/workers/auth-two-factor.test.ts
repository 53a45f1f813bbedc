import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, codeAt, frozenTotpClock, enableTwoFactor, forgetUsedCodes, registerPlayer, sessionRows, uid, wrongCode, type Player } from "./auth-helpers";
import { data, failure } from "./helpers";

// Codes are made and checked on a held authenticator clock: no wait for a fresh step.
frozenTotpClock();

/** A player with two-factor on, signed out, and the secret. */
async function twoFactorPlayer(): Promise<{ p: Player; secret: string }> {
  const p = await registerPlayer();
  const secret = await enableTwoFactor(p);
  await data(p.browser.post("auth/logout"));
  await forgetUsedCodes(p.uid);
  return { p, secret };
}

const firstAttempt = async (p: Player, b = new Browser()) => {
  const e = await failure(b.post("auth/login", { login: p.login, password: p.password }), 401, "AuthorizationException");
  // An authenticator code: nothing is sent, so there is no resend time to count down.
  expect(e.message).toBe("two_factor_auth is enable");
  expect(e.params).toEqual({ two_factor_auth: true });
  return b;
};

describe("two-factor sign-in", () => {
  it("asks for the code (no resend time: authenticator codes are not sent), leaves nobody signed in, then completes with the code", async () => {
    const { p, secret } = await twoFactorPlayer();
    const b = await firstAttempt(p);
    expect(b.session).toMatch(/^[0-9a-f]{32}$/);
    expect(await uid(b)).toBe(0);
    const pending = b.clone();
    const info = await data(b.post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret) }));
    expect(info).toMatchObject({ uid: p.uid, two_factor_auth: true });
    // Rotated after the second factor: a new id, the waiting one gone.
    expect(b.session).not.toBe(pending.session);
    expect(await uid(b)).toBe(p.uid);
    expect(await uid(pending)).toBe(0);
    expect((await sessionRows(p.uid)).map((r) => r.two_factor_passed)).toEqual([1]);
  });

  it("answers a repeated attempt without code (resend) the same way", async () => {
    const { p } = await twoFactorPlayer();
    const b = await firstAttempt(p);
    await firstAttempt(p, b);
    expect((await sessionRows(p.uid)).filter((r) => r.two_factor_passed === 0)).toHaveLength(1);
  });

  it("accepts the code in the first attempt too", async () => {
    const { p, secret } = await twoFactorPlayer();
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret) }))).uid).toBe(p.uid);
  });

  it.each(["12345", "1234567", "abcdef", "12 456", "１２３４５６"])("answers %j with 'the code must contain 6 digits'", async (code) => {
    const { p } = await twoFactorPlayer();
    const e = await failure(new Browser().post("auth/login", { login: p.login, password: p.password, code }), 400, "InvalidParameterException");
    expect(e.message).toBe("the code must contain 6 digits");
    expect(e.invalid_parameters).toEqual({ code: ["the code must contain 6 digits"] });
  });

  it("answers a wrong code with 'two_factor_auth: code is invalid' and does not sign in", async () => {
    const { p, secret } = await twoFactorPlayer();
    const b = await firstAttempt(p);
    const code = await wrongCode(secret);
    const e = await failure(b.post("auth/login", { login: p.login, password: p.password, code }), 400, "InvalidParameterException");
    expect(e.message).toBe("two_factor_auth: code is invalid");
    expect(e.invalid_parameters).toEqual({ code: ["two_factor_auth: code is invalid"] });
    expect(JSON.stringify(e)).not.toContain(code);
    expect(await uid(b)).toBe(0);
  });

  it("asks for the password first: a right code with a wrong password is a wrong password", async () => {
    const { p, secret } = await twoFactorPlayer();
    const e = await failure(
      new Browser().post("auth/login", { login: p.login, password: "wrong-pass", code: await codeAt(secret) }),
      401,
      "AuthorizationException",
    );
    expect(e.message).toBe("Wrong login or password");
  });

  it("answers 'Time expired' when the code comes after the five-minute step, and starts a new one", async () => {
    const { p, secret } = await twoFactorPlayer();
    const b = await firstAttempt(p);
    await env.DB.prepare("UPDATE sessions SET expires_at = ?2 WHERE uid = ?1 AND two_factor_passed = 0")
      .bind(p.uid, Date.now() - 1)
      .run();
    const e = await failure(b.post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret) }), 401, "AuthorizationException");
    expect(e.message).toBe("Time expired");
    expect(e.params).toEqual({ two_factor_auth: true });
    expect(await uid(b)).toBe(0);
    // The code was not used up by the expired attempt; the fresh step accepts it.
    expect((await data(b.post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret) }))).uid).toBe(p.uid);
  });

  it("accepts codes one step either side of now and refuses two steps away", async () => {
    const { p, secret } = await twoFactorPlayer();
    for (const offset of [-2, 2]) {
      await failure(
        new Browser().post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret, offset) }),
        400,
        "InvalidParameterException",
      );
    }
    for (const offset of [-1, 1]) {
      await forgetUsedCodes(p.uid);
      expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret, offset) }))).uid).toBe(p.uid);
    }
  });

  it("uses each code once, and refuses an older code after a newer one", async () => {
    const { p, secret } = await twoFactorPlayer();
    const now = await codeAt(secret, 0);
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password, code: now }))).uid).toBe(p.uid);
    const replay = await failure(new Browser().post("auth/login", { login: p.login, password: p.password, code: now }), 400, "InvalidParameterException");
    // The code was right: it is said to be used, not wrong.
    expect(replay.message).toBe("two_factor_auth: code already used");
    expect(replay.invalid_parameters).toEqual({ code: ["two_factor_auth: code already used"] });
    const older = await failure(
      new Browser().post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret, -1) }),
      400,
      "InvalidParameterException",
    );
    expect(older.message).toBe("two_factor_auth: code already used");
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret, 1) }))).uid).toBe(p.uid);
  });

  it("ignores a code sent for an account without two-factor", async () => {
    const p = await registerPlayer();
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password, code: "000000" }))).uid).toBe(p.uid);
  });
});

describe("account.changeTwoFactorAuth and account.confirmTwoFactorAuth", () => {
  it("keeps two-factor off until confirmed; asking again replaces the secret", async () => {
    const p = await registerPlayer();
    const first = await data(p.browser.post("account/changeTwoFactorAuth", { enable: "1" }));
    const second = await data(p.browser.post("account/changeTwoFactorAuth", { enable: "1" }));
    expect(second.secret).not.toBe(first.secret);
    expect(second.uri).toContain("digits=6&period=30");
    expect(second.uri).toContain("algorithm=SHA1");
    expect((await data(p.browser.get("account/getInfo"))).two_factor_auth).toBe(false);
    const stale = await failure(p.browser.post("account/confirmTwoFactorAuth", { code: await codeAt(first.secret) }), 400, "InvalidParameterException");
    expect(stale.message).toBe("two_factor_auth: code is invalid");
    expect(await data(p.browser.post("account/confirmTwoFactorAuth", { code: await codeAt(second.secret) }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).two_factor_auth).toBe(true);
  });

  it("refuses to enable twice and to confirm with nothing waiting", async () => {
    const p = await registerPlayer();
    const none = await failure(p.browser.post("account/confirmTwoFactorAuth", { code: "123456" }), 400, "InvalidParameterException");
    expect(Object.keys(none.invalid_parameters ?? {})).toEqual(["code"]);
    await enableTwoFactor(p);
    const twice = await failure(p.browser.post("account/changeTwoFactorAuth", { enable: "1" }), 400, "InvalidParameterException");
    expect(twice.message).toBe("two_factor_auth is already enabled");
  });

  it("ends the player's other sessions when two-factor is turned on", async () => {
    const p = await registerPlayer();
    const elsewhere = new Browser();
    await data(elsewhere.post("auth/login", { login: p.login, password: p.password }));
    await enableTwoFactor(p);
    expect(await uid(elsewhere)).toBe(0);
    expect(await uid(p.browser)).toBe(p.uid);
  });

  it("turns two-factor off only with a valid code", async () => {
    const p = await registerPlayer();
    const secret = await enableTwoFactor(p);
    await forgetUsedCodes(p.uid);
    const missing = await failure(p.browser.post("account/changeTwoFactorAuth", { enable: "0" }), 400, "InvalidParameterException");
    expect(missing.message).toBe("the code must contain 6 digits");
    const wrong = await failure(
      p.browser.post("account/changeTwoFactorAuth", { enable: "0", code: await wrongCode(secret) }),
      400,
      "InvalidParameterException",
    );
    expect(wrong.message).toBe("two_factor_auth: code is invalid");
    expect(await data(p.browser.post("account/changeTwoFactorAuth", { enable: "0", code: await codeAt(secret) }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).two_factor_auth).toBe(false);
    await data(p.browser.post("auth/logout"));
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
  });

  it("refuses bad input with 400 and invalid_parameters", async () => {
    const p = await registerPlayer();
    const none = await failure(p.browser.post("account/changeTwoFactorAuth", {}), 400, "InvalidParameterException");
    expect(Object.keys(none.invalid_parameters ?? {})).toEqual(["enable"]);
    const wrongType = await failure(p.browser.post("account/changeTwoFactorAuth", { enable: "yes" }), 400, "InvalidParameterException");
    expect(wrongType.invalid_parameters?.enable).toEqual(["must be '1' or '0'"]);
    const noCode = await failure(p.browser.post("account/confirmTwoFactorAuth", {}), 400, "InvalidParameterException");
    expect(noCode.invalid_parameters).toEqual({ code: ["Code is required"] });
    const digits = await failure(p.browser.post("account/confirmTwoFactorAuth", { code: "12a456" }), 400, "InvalidParameterException");
    expect(digits.message).toBe("the code must contain 6 digits");
  });

  it("needs a signed-in player (401) and POST (405)", async () => {
    await failure(new Browser().post("account/changeTwoFactorAuth", { enable: "1" }), 401, "AuthorizationException");
    await failure(new Browser().post("account/confirmTwoFactorAuth", { code: "123456" }), 401, "AuthorizationException");
    const p = await registerPlayer();
    await failure(p.browser.get("account/changeTwoFactorAuth", { enable: "1" }), 405, "InvalidRequestException");
    await failure(p.browser.get("account/confirmTwoFactorAuth", { code: "123456" }), 405, "InvalidRequestException");
  });
});
