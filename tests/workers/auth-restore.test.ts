import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../workers/platform/core/bytes";
import { BY_PHONE, Browser, registerPlayer, sessionRows, uniqueName, withAuthTypes } from "./auth-helpers";
import { apiUrl, data, failure, get, ORIGIN, send } from "./helpers";

const resets = async (uid: number) =>
  (await env.DB.prepare("SELECT * FROM password_resets WHERE uid = ?1").bind(uid).all<Record<string, number | string | null>>()).results;

describe("auth.restore", () => {
  it("answers 1 for an account, its email and an unknown login alike", async () => {
    const p = await registerPlayer();
    const answers = await Promise.all(
      [{ login: p.login }, { email: p.email }, { login: uniqueName("nobody") }, { email: "nobody@example.com" }].map(async (fields) => {
        const res = await new Browser().post("auth/restore", fields);
        return [res.status, await res.text(), res.headers.getSetCookie()];
      }),
    );
    for (const a of answers) expect(a).toEqual([200, '{"data":1}', []]);
  });

  it("stores one hashed, single-use token per account, valid one hour, replacing older ones", async () => {
    const p = await registerPlayer();
    await data(new Browser().post("auth/restore", { login: p.login }));
    const [first] = await resets(p.uid);
    expect(first!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(first!.expires_at) - Number(first!.created_at)).toBe(60 * 60_000);
    expect(first!.used_at).toBeNull();
    await data(new Browser().post("auth/restore", { email: p.email }));
    const rows = await resets(p.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(first!.token_hash);
  });

  it("throttles repeated requests for one login the same way whether or not it exists", async () => {
    const p = await registerPlayer();
    const ghost = uniqueName("ghost");
    for (const login of [p.login, ghost]) {
      for (let i = 0; i < 3; i++) expect(await data(new Browser().post("auth/restore", { login }))).toBe(1);
      const e = await failure(new Browser().post("auth/restore", { login }), 429, "TooManyRequestsException");
      expect(e.params?.retry_after).toBeGreaterThan(0);
    }
  });

  it("refuses bad input with 400 and GET with 405", async () => {
    const none = await failure(new Browser().post("auth/restore", {}), 400, "InvalidParameterException");
    expect(Object.keys(none.invalid_parameters ?? {})).toEqual(["login"]);
    const long = await failure(new Browser().post("auth/restore", { email: `${"a".repeat(250)}@x.io` }), 400, "InvalidParameterException");
    expect(Object.keys(long.invalid_parameters ?? {})).toEqual(["email"]);
    await failure(get("auth/restore", { login: "someone" }), 405, "InvalidRequestException");
  });
});

/* ----- Delivery of the link, and completing the reset with it ----- */

const mailbox = async (to: string) => {
  const res = await send(`/platform/demo/mailbox?format=json&to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { items: { channel: string; to: string; subject: string; text: string; link: string | null }[] }).items;
};

/** Asks for a reset and answers the token of the link that was sent to `to`. */
async function resetToken(fields: Record<string, string>, to: string, query = ""): Promise<string> {
  const b = new Browser();
  const res = await send(apiUrl("auth/restore") + query, { method: "POST", body: form(fields), headers: { origin: ORIGIN, "cf-connecting-ip": b.ip } });
  expect(await data(res)).toBe(1);
  const [mail] = await mailbox(to);
  const token = new URL(mail!.link!).searchParams.get("reset_token");
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  return token!;
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

const NEW_PASSWORD = "N3w-pass!";
const INVALID = { token: ["This link is not valid or has expired"] };

describe("auth.restore delivers the link", () => {
  it("mails the account's email a link to the site that opens the new-password form", async () => {
    const p = await registerPlayer();
    await data(new Browser().post("auth/restore", { login: p.login }));
    const [mail, ...older] = await mailbox(p.email);
    expect(older).toEqual([]);
    expect(mail).toMatchObject({ channel: "email", to: p.email });
    expect(mail!.link).toMatch(/^https:\/\/playfront\.test\/\?show_popup_auth=1&auth_mode=restore&reset_token=[0-9a-f]{64}$/);
    expect(mail!.text).toContain(mail!.link);
    expect(mail!.subject).toMatch(/password/i);
    const token = new URL(mail!.link!).searchParams.get("reset_token")!;
    const [row] = await resets(p.uid);
    expect(row!.token_hash).toBe(await sha256Hex(token));
  });

  it("links to the request's locale, unprefixed for the default one", async () => {
    const p = await registerPlayer();
    const token = await resetToken({ email: p.email }, p.email, "?locale=es");
    const [mail] = await mailbox(p.email);
    expect(mail!.link).toBe(`https://playfront.test/es?show_popup_auth=1&auth_mode=restore&reset_token=${token}`);
  });

  it("texts the link to an account that has only a phone, and sends nothing for an unknown login", async () => {
    const login = uniqueName("phoneonly");
    // A site registering with the phone form: no email asked for.
    const p = await withAuthTypes([BY_PHONE], () => registerPlayer({ login, email: undefined, phone: "5552017777", phone_country_code: "US" }));
    await data(new Browser().post("auth/restore", { login: p.login }));
    const [sms] = await mailbox("15552017777");
    expect(sms).toMatchObject({ channel: "sms", to: "15552017777" });
    expect(sms!.link).toContain("reset_token=");

    const ghost = `${uniqueName("ghost")}@example.com`;
    await data(new Browser().post("auth/restore", { email: ghost }));
    expect(await mailbox(ghost)).toEqual([]);
  });
});

describe("auth.restore with a token", () => {
  it("sets the new password, ends every session and works once", async () => {
    const p = await registerPlayer();
    const other = p.browser.clone();
    const token = await resetToken({ login: p.login }, p.email);
    expect(await data(new Browser().post("auth/restore", { token, password: NEW_PASSWORD }))).toBe(1);

    expect((await data(p.browser.get("account/getInfo"))).uid).toBe(0);
    expect((await data(other.get("account/getInfo"))).uid).toBe(0);
    expect(await sessionRows(p.uid)).toEqual([]);
    await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 401, "AuthorizationException");
    expect((await data(new Browser().post("auth/login", { login: p.login, password: NEW_PASSWORD }))).uid).toBe(p.uid);

    const reused = await failure(new Browser().post("auth/restore", { token, password: "An0ther!pass" }), 400, "InvalidParameterException");
    expect(reused.invalid_parameters).toEqual(INVALID);
    expect(reused.message).toBe("This link is not valid or has expired");
  });

  it("ends the session of the browser that completes it when it is the account's own", async () => {
    const p = await registerPlayer();
    const token = await resetToken({ login: p.login }, p.email);
    expect(await data(p.browser.post("auth/restore", { token, password: NEW_PASSWORD }))).toBe(1);
    expect(p.browser.session).toBeUndefined();
  });

  it("refuses an expired, an unknown or an older token", async () => {
    const p = await registerPlayer();
    const older = await resetToken({ login: p.login }, p.email);
    const token = await resetToken({ email: p.email }, p.email);
    const bad = async (t: string) =>
      expect(
        (await failure(new Browser().post("auth/restore", { token: t, password: NEW_PASSWORD }), 400, "InvalidParameterException")).invalid_parameters,
      ).toEqual(INVALID);
    await bad(older);
    await bad("0".repeat(64));
    await bad("not-a-token");
    await env.DB.prepare("UPDATE password_resets SET expires_at = ?2 WHERE uid = ?1")
      .bind(p.uid, Date.now() - 1)
      .run();
    await bad(token);
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password }))).uid).toBe(p.uid);
  });

  it("checks the new password like registration does and needs one", async () => {
    const p = await registerPlayer();
    const token = await resetToken({ login: p.login }, p.email);
    for (const password of ["12345", "a".repeat(21), "with space1"]) {
      const e = await failure(new Browser().post("auth/restore", { token, password }), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {}), password).toEqual(["password"]);
    }
    const missing = await failure(new Browser().post("auth/restore", { token }), 400, "InvalidParameterException");
    expect(missing.invalid_parameters).toEqual({ password: ["Password is required"] });
    const long = await failure(new Browser().post("auth/restore", { token: "a".repeat(201), password: NEW_PASSWORD }), 400, "InvalidParameterException");
    expect(Object.keys(long.invalid_parameters ?? {})).toEqual(["token"]);
    // The token still works after all that.
    expect(await data(new Browser().post("auth/restore", { token, password: NEW_PASSWORD }))).toBe(1);
    await failure(get("auth/restore", { token, password: NEW_PASSWORD }), 405, "InvalidRequestException");
  });
});
