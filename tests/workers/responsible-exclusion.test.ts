import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../core/api/errors";
import { initDataFields, signInitData } from "../../workers/platform/auth/telegram";
import { exclusionEnd } from "../../workers/platform/responsible/dates";
import { assertDepositAllowed } from "../../workers/platform/responsible/deposit-guard";
import { Browser, registerPlayer, sessionRows, uid } from "./auth-helpers";
import { data, failure, get, post } from "./helpers";
import { socialSignIn } from "./social-helpers";
import { playerDb } from "./player-db";

const DAY = 86_400_000;

/** Ends a player's exclusions `ms` earlier, as if that much time had gone by. */
const ageExclusions = (uid: number, ms: number) =>
  playerDb(uid).prepare("UPDATE self_exclusions SET until = until - ?2, created_at = created_at - ?2 WHERE uid = ?1").bind(uid, ms).run();

describe("account.selfExclude", () => {
  it("signs the player out everywhere and refuses sign-in and deposits until it ends", async () => {
    const p = await registerPlayer();
    const phone = new Browser();
    await data(phone.post("auth/login", { login: p.login, password: p.password }));
    const before = Date.now();
    const { until } = await data(p.browser.post("account/selfExclude", { period: "7d", password: p.password }));
    expect(until).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(until).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect(p.browser.session).toBeUndefined();
    expect(await uid(phone)).toBe(0);
    expect(await sessionRows(p.uid)).toHaveLength(0);

    const e = await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 403, "AccessDeniedException");
    expect(e.message).toMatch(/^Your account is self-excluded until \d\d\.\d\d\.\d{4}$/);
    expect(e.params).toMatchObject({ until });
    await expect(assertDepositAllowed(playerDb(p.uid), p.uid, 100)).rejects.toMatchObject({ type: "AccessDeniedException" });

    // A wrong password still answers as wrong: the exclusion is told only to the account's owner.
    await failure(new Browser().post("auth/login", { login: p.login, password: "Wrong-pass1" }), 401, "AuthorizationException");

    await ageExclusions(p.uid, 7 * DAY + 1000);
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
    await assertDepositAllowed(playerDb(p.uid), p.uid, 100);
  });

  it("is permanent for 'permanent'", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.post("account/selfExclude", { period: "permanent", password: p.password }))).toEqual({ until: null });
    await ageExclusions(p.uid, 100 * 365 * DAY);
    const e = await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 403, "AccessDeniedException");
    expect(e.message).toBe("Your account is self-excluded permanently");
    expect(e.params).toMatchObject({ until: null });
    const err = await assertDepositAllowed(playerDb(p.uid), p.uid, 1).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(PlatformError);
  });

  it("refuses a wrong or missing password with 400 on password and keeps the session", async () => {
    const p = await registerPlayer();
    const wrong = await failure(p.browser.post("account/selfExclude", { period: "1d", password: "not-it-at-all" }), 400, "InvalidParameterException");
    expect(wrong.invalid_parameters).toEqual({ password: ["Wrong password"] });
    expect(JSON.stringify(wrong)).not.toMatch(/not-it-at-all/);
    const missing = await failure(p.browser.post("account/selfExclude", { period: "1d" }), 400, "InvalidParameterException");
    expect(Object.keys(missing.invalid_parameters ?? {})).toEqual(["password"]);
    expect(await uid(p.browser)).toBe(p.uid);
    await data(new Browser().post("auth/login", { login: p.login, password: p.password }));
  });

  it("refuses messenger and social sign-in of an excluded account", async () => {
    const id = 8_100_000_000 + Math.floor(Math.random() * 1e6);
    const { payload, hash } = await signInitData(env.TELEGRAM_BOT_TOKEN, initDataFields({ id, username: `ex_${id}` }));
    const tg = { is_tg: "1", id: String(id), username: `ex_${id}`, hash, language_code: "", payload };
    const b = new Browser();
    const info = await data(b.post("auth/register", tg));
    // No password on a messenger account: the signed-in session confirms.
    expect((await data(b.post("account/selfExclude", { period: "1d" }))).until).toBeGreaterThan(Date.now());
    const e = await failure(new Browser().post("auth/register", tg), 403, "AccessDeniedException");
    expect(e.message).toMatch(/self-excluded until/);
    expect(await sessionRows(info.uid)).toHaveLength(0);

    const s = new Browser();
    const email = `excluded${id}@example.com`;
    expect((await socialSignIn(s, { email })).searchParams.get("social_auth")).toBe("success");
    await data(s.post("account/selfExclude", { period: "30d" }));
    const back = await socialSignIn(new Browser(), { email });
    expect(back.searchParams.get("social_auth")).toBe("error");
    expect(back.searchParams.get("reason")).toBe("self_excluded");
  });

  it.each([
    [{}, ["period"]],
    [{ period: "2d", password: "x" }, ["period"]],
    [{ period: "PERMANENT", password: "x" }, ["period"]],
    [{ period: "1d", password: "x".repeat(129) }, ["password"]],
  ])("refuses %j with 400 on those fields", async (fields, keys) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/selfExclude", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {}).sort()).toEqual(keys);
    expect(await uid(p.browser)).toBe(p.uid);
  });

  it("answers 401 to visitors and 405 to GET", async () => {
    await failure(post("account/selfExclude", { period: "1d", password: "x" }), 401, "AuthorizationException");
    const p = await registerPlayer();
    await failure(p.browser.get("account/selfExclude", { period: "1d" }), 405, "InvalidRequestException");
  });
});

describe("exclusionEnd", () => {
  it("counts days exactly and months by the calendar, clamped to the month's end", () => {
    const jan31 = Date.UTC(2027, 0, 31, 10, 30);
    expect(exclusionEnd("1d", jan31)).toBe(jan31 + DAY);
    expect(exclusionEnd("30d", jan31)).toBe(jan31 + 30 * DAY);
    expect(new Date(exclusionEnd("3m", jan31)!).toISOString()).toBe("2027-04-30T10:30:00.000Z");
    expect(new Date(exclusionEnd("1y", Date.UTC(2028, 1, 29))!).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(new Date(exclusionEnd("5y", jan31)!).toISOString()).toBe("2032-01-31T10:30:00.000Z");
    expect(exclusionEnd("permanent", jan31)).toBeNull();
  });
});

describe("account.getResponsibleGaming / setRealityCheck", () => {
  it("answers the session's start, the reality-check interval and real-money play since sign-in", async () => {
    const p = await registerPlayer();
    const start = await data(p.browser.get("account/getResponsibleGaming"));
    expect(start).toMatchObject({
      self_exclusion_until: null,
      reality_check_minutes: 0,
      session: { wagered: { amount: 0, currency: "USD" }, won: { amount: 0 }, net: { amount: 0 } },
    });
    const session = (await sessionRows(p.uid))[0]!;
    expect(start.session.started_at).toBe(session.created_at);

    const { applyOperation } = await import("../../workers/platform/wallet/wallet");
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-${p.uid}-1`, type: "adjustment", changes: [{ kind: "main", delta: 10_000 }] });
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `round-${p.uid}-1`, type: "bet", changes: [{ kind: "main", delta: -2_500 }] });
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `round-${p.uid}-2`, type: "win", changes: [{ kind: "main", delta: 1_000 }] });
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `round-${p.uid}-3`, type: "bet", changes: [{ kind: "fun", delta: -5_000 }] });
    const after = await data(p.browser.get("account/getResponsibleGaming"));
    expect(after.session).toMatchObject({ wagered: { amount: 2_500 }, won: { amount: 1_000 }, net: { amount: -1_500, currency: "USD" } });
    // Signed in hours ago: the play comes from the hours the ledger keeps, not its rows, and is the same.
    await env.DB.prepare("UPDATE sessions SET created_at = created_at - 9000000 WHERE uid = ?1").bind(p.uid).run();
    const hoursAgo = await data(p.browser.get("account/getResponsibleGaming"));
    expect(hoursAgo.session).toMatchObject({ wagered: { amount: 2_500 }, won: { amount: 1_000 }, net: { amount: -1_500 } });
    expect(hoursAgo.session.started_at).toBe(Number(session.created_at) - 9_000_000);

    // A new session starts a new count.
    const other = new Browser();
    await data(other.post("auth/login", { login: p.login, password: p.password }));
    await env.DB.prepare(
      "UPDATE sessions SET created_at = created_at + 1000 WHERE uid = ?1 AND created_at = (SELECT MAX(created_at) FROM sessions WHERE uid = ?1)",
    )
      .bind(p.uid)
      .run();
    expect((await data(other.get("account/getResponsibleGaming"))).session.wagered.amount).toBe(0);
  });

  it("stores the reality-check interval", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.post("account/setRealityCheck", { minutes: 30 }))).toBe(1);
    expect((await data(p.browser.get("account/getResponsibleGaming"))).reality_check_minutes).toBe(30);
    await data(p.browser.post("account/setRealityCheck", { minutes: 0 }));
    expect((await data(p.browser.get("account/getResponsibleGaming"))).reality_check_minutes).toBe(0);
  });

  it.each([[{}], [{ minutes: "" }], [{ minutes: 20 }], [{ minutes: "ten" }], [{ minutes: -15 }]])("refuses %j with 400 on minutes", async (fields) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/setRealityCheck", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["minutes"]);
  });

  it("answers 401 to visitors and 405 to the wrong verb", async () => {
    await failure(get("account/getResponsibleGaming"), 401, "AuthorizationException");
    await failure(post("account/setRealityCheck", { minutes: 15 }), 401, "AuthorizationException");
    const p = await registerPlayer();
    await failure(p.browser.post("account/getResponsibleGaming"), 405, "InvalidRequestException");
    await failure(p.browser.get("account/setRealityCheck", { minutes: 15 }), 405, "InvalidRequestException");
  });
});
