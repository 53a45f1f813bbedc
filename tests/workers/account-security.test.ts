import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { describeUserAgent } from "../../workers/platform/auth/user-agent";
import { Browser, codeAt, frozenTotpClock, enableTwoFactor, forgetUsedCodes, registerPlayer, uid, wrongCode, type Player } from "./auth-helpers";
import { data, failure } from "./helpers";

// Codes are made and checked on a held authenticator clock: no wait for a fresh step.
frozenTotpClock();

/** Two-factor backup codes and the sessions list (decision 0038). */

const ANDROID_CHROME = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const WINDOWS_EDGE = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";
const IPHONE_FIREFOX =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15";

async function twoFactorPlayer(): Promise<{ p: Player; secret: string; codes: string[] }> {
  const p = await registerPlayer();
  const secret = await enableTwoFactor(p);
  const { codes } = await data<{ codes: string[] }>(p.browser.post("account/createBackupCodes"));
  return { p, secret, codes };
}

const signIn = (p: Player, code?: string, b = new Browser()) => b.post("auth/login", { login: p.login, password: p.password, code });

describe("two-factor backup codes", () => {
  it("makes ten distinct codes right after two-factor is turned on, without a second code, and counts them", async () => {
    const { p, codes } = await twoFactorPlayer();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^\d{5}-\d{5}$/);
    expect(await data(p.browser.get("account/getBackupCodes"))).toMatchObject({ left: 10, total: 10, created_at: expect.any(Number) });
    // Only hashes are stored.
    const stored = await env.DB.prepare("SELECT code_hash FROM two_factor_backup_codes WHERE uid = ?1").bind(p.uid).all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(10);
    for (const c of codes) expect(JSON.stringify(stored.results)).not.toContain(c.replace("-", ""));
  });

  it("signs in with a backup code once (with or without the dash); the same code again is refused", async () => {
    const { p, codes } = await twoFactorPlayer();
    await data(p.browser.post("auth/logout"));
    const b = new Browser();
    await failure(signIn(p, undefined, b), 401, "AuthorizationException");
    expect((await data(signIn(p, codes[0], b))).uid).toBe(p.uid);
    expect(await uid(b)).toBe(p.uid);
    const e = await failure(signIn(p, codes[0]!.replace("-", "")), 400, "InvalidParameterException");
    expect(e.message).toBe("two_factor_auth: code is invalid");
    expect((await data(signIn(p, codes[1]!.replace("-", "")))).uid).toBe(p.uid);
    expect(await data(b.get("account/getBackupCodes"))).toMatchObject({ left: 8, total: 10 });
  });

  it("refuses a made-up backup code and counts it against the sign-in throttle", async () => {
    const { p, codes } = await twoFactorPlayer();
    const fake = codes.includes("11111-11111") ? "22222-22222" : "11111-11111";
    const e = await failure(signIn(p, fake), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ code: ["two_factor_auth: code is invalid"] });
    const attempts = await env.DB.prepare("SELECT failures AS count FROM login_attempts WHERE key = ?1").bind(`acct:${p.uid}`).first<{ count: number }>();
    expect(attempts?.count).toBeGreaterThanOrEqual(1);
  });

  it.each(["1234-56789", "12345-6789", "12345--67890", "abcde-fghij", "123456789012"])("answers %j with 'the code must contain 6 digits'", async (code) => {
    const { p } = await twoFactorPlayer();
    const e = await failure(signIn(p, code), 400, "InvalidParameterException");
    expect(e.message).toBe("the code must contain 6 digits");
  });

  it("a new set needs the authenticator's code after the first, and the old set stops working", async () => {
    const { p, secret, codes } = await twoFactorPlayer();
    const noCode = await failure(p.browser.post("account/createBackupCodes"), 400, "InvalidParameterException");
    expect(noCode.message).toBe("the code must contain 6 digits");
    const wrong = await failure(p.browser.post("account/createBackupCodes", { code: await wrongCode(secret) }), 400, "InvalidParameterException");
    expect(wrong.message).toBe("two_factor_auth: code is invalid");
    // A backup code does not make new ones.
    await failure(p.browser.post("account/createBackupCodes", { code: codes[0] }), 400, "InvalidParameterException");
    await forgetUsedCodes(p.uid);
    const fresh = await data<{ codes: string[] }>(p.browser.post("account/createBackupCodes", { code: await codeAt(secret) }));
    expect(fresh.codes).toHaveLength(10);
    expect(fresh.codes.some((c) => codes.includes(c))).toBe(false);
    await data(p.browser.post("auth/logout"));
    await failure(signIn(p, codes[2]), 400, "InvalidParameterException");
    expect((await data(signIn(p, fresh.codes[0]))).uid).toBe(p.uid);
  });

  it("the first set without a code only within 15 minutes of turning two-factor on", async () => {
    const p = await registerPlayer();
    await enableTwoFactor(p);
    await env.DB.prepare("UPDATE users SET two_factor_enabled_at = ?2 WHERE uid = ?1")
      .bind(p.uid, Date.now() - 16 * 60_000)
      .run();
    await failure(p.browser.post("account/createBackupCodes"), 400, "InvalidParameterException");
    expect(await data(p.browser.get("account/getBackupCodes"))).toEqual({ left: 0, total: 0, created_at: null });
  });

  it("refuses backup codes while two-factor is off", async () => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/createBackupCodes"), 400, "InvalidParameterException");
    expect(e.message).toBe("two_factor_auth is not enabled");
  });

  it("a backup code turns two-factor off (a lost phone), which drops the remaining codes", async () => {
    const { p, codes } = await twoFactorPlayer();
    expect(await data(p.browser.post("account/changeTwoFactorAuth", { enable: "0", code: codes[3] }))).toBe(1);
    expect((await data(p.browser.get("account/getInfo"))).two_factor_auth).toBe(false);
    expect(await data(p.browser.get("account/getBackupCodes"))).toEqual({ left: 0, total: 0, created_at: null });
    await data(p.browser.post("auth/logout"));
    // No second factor now: the password alone signs in.
    expect((await data(signIn(p))).uid).toBe(p.uid);
  });

  it("turning two-factor on again drops the codes of the earlier secret", async () => {
    const { p, codes } = await twoFactorPlayer();
    await data(p.browser.post("account/changeTwoFactorAuth", { enable: "0", code: codes[0] }));
    await env.DB.prepare("INSERT INTO two_factor_backup_codes (uid, code_hash, created_at) VALUES (?1, 'stale', 1)").bind(p.uid).run();
    await forgetUsedCodes(p.uid);
    await enableTwoFactor(p);
    expect(await data(p.browser.get("account/getBackupCodes"))).toEqual({ left: 0, total: 0, created_at: null });
  });

  it("needs a session", async () => {
    await failure(new Browser().get("account/getBackupCodes"), 401, "AuthorizationException");
    await failure(new Browser().post("account/createBackupCodes"), 401, "AuthorizationException");
  });
});

describe("the player's sessions", () => {
  it("lists each signed-in device with its browser, system and address, this one marked current", async () => {
    const p = await registerPlayer({}, new Browser("203.0.113.7", ANDROID_CHROME));
    const laptop = new Browser("198.51.100.9", MAC_SAFARI);
    await data(signIn(p, undefined, laptop));
    const { items, total } = await data(p.browser.get("account/getSessions"));
    expect(total).toBe(2);
    const mine = items.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ browser: "Chrome", os: "Android", ip: "203.0.113.7" });
    expect(mine.id).toMatch(/^[0-9a-f]{16}$/);
    expect(items.find((s: { current: boolean }) => !s.current)).toMatchObject({ browser: "Safari", os: "macOS", ip: "198.51.100.9", current: false });
    // The id opens nothing: it is not the cookie's session id.
    expect(p.browser.session).not.toContain(mine.id);
  });

  it("leaves out a sign-in still waiting for its two-factor code", async () => {
    const p = await registerPlayer();
    await enableTwoFactor(p);
    await failure(signIn(p), 401, "AuthorizationException");
    const { items } = await data(p.browser.get("account/getSessions"));
    expect(items).toHaveLength(1);
  });

  it("signs one other device out by its id, and refuses this session's own id and an unknown one", async () => {
    const p = await registerPlayer();
    const phone = new Browser();
    const tablet = new Browser();
    await data(signIn(p, undefined, phone));
    await data(signIn(p, undefined, tablet));
    const { items } = await data(p.browser.get("account/getSessions"));
    expect(items).toHaveLength(3);
    const phoneId = (await data(phone.get("account/getSessions"))).items.find((s: { current: boolean }) => s.current).id;
    expect(await data(p.browser.post("account/endSessions", { id: phoneId }))).toBe(1);
    expect(await uid(phone)).toBe(0);
    expect(await uid(tablet)).toBe(p.uid);
    const own = items.find((s: { current: boolean }) => s.current).id;
    expect((await failure(p.browser.post("account/endSessions", { id: own }), 400, "InvalidParameterException")).message).toBe("No such session");
    await failure(p.browser.post("account/endSessions", { id: phoneId }), 400, "InvalidParameterException");
    expect(await uid(p.browser)).toBe(p.uid);
  });

  it("cannot end another player's session", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    const bId = (await data(b.browser.get("account/getSessions"))).items[0].id;
    await failure(a.browser.post("account/endSessions", { id: bId }), 400, "InvalidParameterException");
    expect(await uid(b.browser)).toBe(b.uid);
  });

  it("signs every other device out at once, keeping this one", async () => {
    const p = await registerPlayer();
    const others = [new Browser(), new Browser()];
    for (const o of others) await data(signIn(p, undefined, o));
    expect(await data(p.browser.post("account/endSessions"))).toBe(1);
    for (const o of others) expect(await uid(o)).toBe(0);
    expect(await uid(p.browser)).toBe(p.uid);
    expect((await data(p.browser.get("account/getSessions"))).total).toBe(1);
  });

  it.each(["", "xyz", "0123456789abcdeg", "0123456789ABCDEF", "0123456789abcdef0"])("answers a malformed id %j with a field error", async (id) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/endSessions", { id }), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.id).toBeDefined();
    expect(await uid(p.browser)).toBe(p.uid);
  });

  it("needs a session", async () => {
    await failure(new Browser().get("account/getSessions"), 401, "AuthorizationException");
    await failure(new Browser().post("account/endSessions"), 401, "AuthorizationException");
  });
});

describe("describeUserAgent", () => {
  it.each([
    [ANDROID_CHROME, "Chrome", "Android"],
    [MAC_SAFARI, "Safari", "macOS"],
    [WINDOWS_EDGE, "Edge", "Windows"],
    [IPHONE_FIREFOX, "Firefox", "iPhone"],
    ["curl/8.5.0", "", ""],
    ["", "", ""],
  ])("%j → %s on %s", (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });
});
