import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { initDataFields, signInitData, verifyInitData } from "../../workers/platform/auth/telegram";
import { Browser, sessionRows } from "./auth-helpers";
import { data, failure, get } from "./helpers";

/** Messenger mini-app sign-in: auth.register with is_tg=1 and Telegram's signed initData. */

const BOT_TOKEN = env.TELEGRAM_BOT_TOKEN;
const VERIFY_FAILED = "Messenger sign-in could not be verified";
let nextId = 7_000_000_000;
const loginEvents = async (uid: number) =>
  (
    await env.DB.prepare("SELECT params FROM player_events WHERE subject = ?1 AND event_name = 'login' ORDER BY id").bind(`u:${uid}`).all<{ params: string }>()
  ).results.map((r) => r.params);

async function tgParams(
  user: { id: number; username?: string; language_code?: string },
  { token = BOT_TOKEN, authDate, id = String(user.id) }: { token?: string; authDate?: number; id?: string } = {},
) {
  const { payload, hash } = await signInitData(token, initDataFields(user, authDate));
  return { is_tg: "1", id, username: user.username ?? "", hash, language_code: user.language_code ?? "", payload };
}

afterEach(() => {
  (env as { TELEGRAM_BOT_TOKEN?: string }).TELEGRAM_BOT_TOKEN = BOT_TOKEN;
});

describe("Telegram mini-app sign-in", () => {
  it("uses the local development bot token from wrangler.toml", () => {
    expect(BOT_TOKEN).toBe("123456:local-development-bot-token");
  });

  it("creates a completed account the first time and signs in to it after", async () => {
    const id = ++nextId;
    const b = new Browser();
    const info = await data(b.post("auth/register", await tgParams({ id, username: `lucky_${id}`, language_code: "pt-br" })));
    expect(info).toMatchObject({
      login: `tg_${id}`,
      fakename: `lucky${id}`.slice(0, 20),
      locale: "pt",
      is_registration_completed: true,
      email: null,
    });
    expect(b.session).toMatch(/^[0-9a-f]{32}$/);
    expect((await data(b.get("account/getInfo"))).uid).toBe(info.uid);
    const first = b.session;

    const again = await data(b.post("auth/register", await tgParams({ id, username: "renamed_user" })));
    expect(again.uid).toBe(info.uid);
    expect(b.session).not.toBe(first);
    expect((await sessionRows(info.uid)).length).toBe(1);
    // Each sign-in is a `login` event, the after-login campaign popup's audience.
    expect(await loginEvents(info.uid)).toEqual(['{"via":"telegram"}', '{"via":"telegram"}']);
  });

  it("keeps the request locale for an unknown language, and no fake name when the username is taken or unfit", async () => {
    const id = ++nextId;
    const info = await data(new Browser().post("auth/register", await tgParams({ id, username: "ab", language_code: "de" })));
    expect(info).toMatchObject({ locale: "en", fakename: "" });
    const twin = ++nextId;
    const fake = `twin${twin}`.slice(0, 20);
    await data(new Browser().post("auth/register", await tgParams({ id: twin, username: fake })));
    const other = await data(new Browser().post("auth/register", await tgParams({ id: ++nextId, username: fake.toUpperCase() })));
    expect(other.fakename).toBe("");
  });

  it("answers one 401 for a wrong bot token, a tampered payload, a stale date or another user's id", async () => {
    const id = ++nextId;
    const good = await tgParams({ id, username: "someone" });
    const wrongToken = await tgParams({ id }, { token: "999:another-bot-token" });
    const tampered = { ...good, payload: good.payload.replace(encodeURIComponent(`"id":${id}`), encodeURIComponent(`"id":${id + 1}`)), id: String(id + 1) };
    const stale = await tgParams({ id }, { authDate: Math.floor(Date.now() / 1000) - 25 * 3600 });
    const future = await tgParams({ id }, { authDate: Math.floor(Date.now() / 1000) + 3600 });
    const otherId = await tgParams({ id }, { id: String(id + 1) });
    const hashMismatch = { ...good, hash: "0".repeat(64) };
    const duplicated = { ...good, payload: `${good.payload}&auth_date=1` };
    for (const [name, params] of Object.entries({ wrongToken, tampered, stale, future, otherId, hashMismatch, duplicated })) {
      const b = new Browser();
      const e = await failure(b.post("auth/register", params), 401, "AuthorizationException");
      expect(e.message, name).toBe(VERIFY_FAILED);
      expect(b.session, name).toBeUndefined();
    }
    // Nothing was created for those.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE login LIKE ?1").bind(`tg_${id}%`).first()).toEqual({ n: 0 });
    // A day-old payload still works.
    const dayOld = await tgParams({ id }, { authDate: Math.floor(Date.now() / 1000) - 23 * 3600 });
    await data(new Browser().post("auth/register", dayOld));
  });

  it("checks the params' shape: 400 for missing or malformed fields, 405 to GET", async () => {
    const good = await tgParams({ id: ++nextId });
    for (const [fields, keys] of [
      [{ is_tg: "1" }, ["hash", "id", "payload"]],
      [{ ...good, id: "" }, ["id"]],
      [{ ...good, id: "12ab" }, ["id"]],
      [{ ...good, hash: "XYZ" }, ["hash"]],
      [{ ...good, hash: good.hash.toUpperCase() }, ["hash"]],
      [{ ...good, payload: "" }, ["payload"]],
      [{ ...good, payload: "x".repeat(4097) }, ["payload"]],
      [{ ...good, username: "a b" }, ["username"]],
      [{ ...good, language_code: "<en>" }, ["language_code"]],
      [{ ...good, is_tg: "yes" }, ["is_tg"]],
    ] as const) {
      const e = await failure(new Browser().post("auth/register", fields), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {}).sort(), JSON.stringify(Object.keys(fields))).toEqual(keys);
    }
    await failure(get("auth/register", good), 405, "InvalidRequestException");
  });

  it("refuses a banned account with 403 UserBanned", async () => {
    const id = ++nextId;
    const info = await data(new Browser().post("auth/register", await tgParams({ id })));
    await env.DB.prepare("UPDATE users SET is_banned = 1 WHERE uid = ?1").bind(info.uid).run();
    await failure(new Browser().post("auth/register", await tgParams({ id })), 403, "UserBannedException");
  });

  it("refuses an account with two-factor on: the messenger does not replace the code", async () => {
    const id = ++nextId;
    const info = await data(new Browser().post("auth/register", await tgParams({ id })));
    await env.DB.prepare("UPDATE users SET two_factor_secret = 'JBSWY3DPEHPK3PXP', two_factor_enabled = 1 WHERE uid = ?1").bind(info.uid).run();
    const b = new Browser();
    await failure(b.post("auth/register", await tgParams({ id })), 401, "AuthorizationException");
    expect(b.session).toBeUndefined();
  });

  it("answers 403 AccessDenied when no bot token is configured", async () => {
    (env as { TELEGRAM_BOT_TOKEN?: string }).TELEGRAM_BOT_TOKEN = "";
    const e = await failure(new Browser().post("auth/register", await tgParams({ id: ++nextId })), 403, "AccessDeniedException");
    expect(e.message).toBe("Messenger sign-in is not enabled");
  });
});

describe("verifyInitData", () => {
  it("follows Telegram's data-check-string: every field but hash, sorted by key", async () => {
    // Fields in a scrambled order, one with a newline-free JSON value and URL-encoded characters.
    const fields = {
      user: JSON.stringify({ id: 42, first_name: "Zé & Co" }),
      auth_date: String(Math.floor(Date.now() / 1000)),
      chat_type: "private",
      chat_instance: "-1",
    };
    const { payload, hash } = await signInitData(BOT_TOKEN, fields);
    expect(await verifyInitData(payload, { id: "42", hash, botToken: BOT_TOKEN })).toMatchObject({ id: "42" });
    // The hash may sit anywhere in the payload.
    const moved = `hash=${hash}&${payload.replace(`&hash=${hash}`, "")}`;
    expect(await verifyInitData(moved, { id: "42", hash, botToken: BOT_TOKEN })).not.toBeNull();
    // Computed independently: HMAC_SHA256(HMAC_SHA256("WebAppData", token), sorted lines).
    const enc = new TextEncoder();
    const key = async (k: ArrayBuffer | Uint8Array<ArrayBuffer>) => crypto.subtle.importKey("raw", k, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const secret = await crypto.subtle.sign("HMAC", await key(enc.encode("WebAppData")), enc.encode(BOT_TOKEN));
    const lines = Object.entries(fields)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join("\n");
    const expected = [...new Uint8Array(await crypto.subtle.sign("HMAC", await key(secret), enc.encode(lines)))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    expect(hash).toBe(expected);
  });
});
