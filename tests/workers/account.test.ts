import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import settings from "../../migrations/seed/settings.json";
import { sign } from "../../workers/platform/core/signing";
import { registerPlayer } from "./auth-helpers";
import { apiUrl, data, failure, get, ORIGIN, post, send } from "./helpers";

const tokenFor = (contact: string) => sign(env.SIGNING_SECRET, "unsubscribe", contact.toLowerCase());
const unsubscribed = async () =>
  (await env.DB.prepare("SELECT contact FROM unsubscribes ORDER BY contact").all<{ contact: string }>()).results.map((r) => r.contact);

describe("GET /api/account/getInfo", () => {
  it("answers an anonymous account: uid 0, zero balances in the site currency", async () => {
    const info = await data(get("account/getInfo"));
    const zero = { amount: 0, currency: settings.general_info.default_currency };
    expect(settings.general_info.default_currency).toBe("USD");
    expect(info).toMatchObject({
      uid: 0,
      reg_time: null,
      login: "",
      is_subscribed: false,
      balance_main: zero,
      balance_bonus: zero,
      balance_betting_bonus: zero,
      balance_fun: zero,
      is_verified: false,
      two_factor_auth: false,
      locale: "en",
      email: null,
      mobile: null,
    });
    expect(typeof info.country_code).toBe("string");
  });

  it("answers in the request locale, and falls back to the default for an unknown one", async () => {
    expect((await data(get("account/getInfo", { locale: "ar" }))).locale).toBe("ar");
    expect((await data(get("account/getInfo", {}, { cookie: "locale=pt" }))).locale).toBe("pt");
    expect((await data(get("account/getInfo", { locale: "zz" }))).locale).toBe("en");
  });

  it("refuses POST with 405", async () => {
    await failure(post("account/getInfo"), 405, "InvalidRequestException");
  });
});

describe("POST /api/account/unsubscribe", () => {
  it("is reached from the footer every mail carries: a restore mail's link unsubscribes its reader, in the mail's language", async () => {
    const p = await registerPlayer();
    const form = new FormData();
    form.append("login", p.email);
    await data(send(apiUrl("auth/restore", { locale: "es" }), { method: "POST", body: form, headers: { origin: ORIGIN } }));
    const mail = await env.DB.prepare("SELECT text FROM outbox WHERE recipient = ?1").bind(p.email).first<{ text: string }>();
    const link = /(https?:\/\/\S+\/unsubscribe\?\S+)/.exec(mail!.text)?.[1];
    expect(mail!.text).toContain(`Recibes correo de Playfront Casino en ${p.email}`);
    const url = new URL(link!);
    expect(url.pathname).toBe("/es/unsubscribe");
    expect(url.searchParams.get("contact")).toBe(p.email);
    expect(await data(post("account/unsubscribe", { contact: url.searchParams.get("contact")!, token: url.searchParams.get("token")! }))).toBe(1);
    expect(await unsubscribed()).toContain(p.email);
    expect((await data(p.browser.get("account/getInfo"))).email).toMatchObject({ contact: p.email, is_subscribed: false });
  });

  it("unsubscribes a contact with the signed token of its email link", async () => {
    const contact = "Player.One@Example.com";
    expect(await data(post("account/unsubscribe", { contact, token: await tokenFor(contact) }))).toBe(1);
    expect(await unsubscribed()).toContain("player.one@example.com");
  });

  it("shows the player's contact and account unsubscribed once its link is used", async () => {
    const p = await registerPlayer({ notify: "1" });
    const info = async () => data<{ is_subscribed: boolean; email: { is_subscribed: boolean } }>(p.browser.get("account/getInfo"));
    expect(await info()).toMatchObject({ is_subscribed: true, email: { is_subscribed: true } });
    expect(await data(post("account/unsubscribe", { contact: p.email.toUpperCase(), token: await tokenFor(p.email) }))).toBe(1);
    expect(await info()).toMatchObject({ is_subscribed: false, email: { is_subscribed: false } });
  });

  it("is idempotent: the same link twice answers 1 and keeps one row", async () => {
    const contact = "twice@example.com";
    const token = await tokenFor(contact);
    expect(await data(post("account/unsubscribe", { contact, token }))).toBe(1);
    expect(await data(post("account/unsubscribe", { contact, token }))).toBe(1);
    expect((await unsubscribed()).filter((c) => c === contact)).toHaveLength(1);
  });

  it("refuses a tampered token with 400 and a token field error, and records nothing", async () => {
    const contact = "victim@example.com";
    const token = await tokenFor(contact);
    const tampered = (token[0] === "A" ? "B" : "A") + token.slice(1);
    const e = await failure(post("account/unsubscribe", { contact, token: tampered }), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.token?.length).toBeGreaterThan(0);
    expect(await unsubscribed()).not.toContain(contact);
  });

  it("refuses another contact's token", async () => {
    const e = await failure(
      post("account/unsubscribe", { contact: "someone-else@example.com", token: await tokenFor("me@example.com") }),
      400,
      "InvalidParameterException",
    );
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["token"]);
    expect(await unsubscribed()).not.toContain("someone-else@example.com");
  });

  it("refuses a token signed with another secret", async () => {
    const contact = "forged@example.com";
    const forged = await sign("not-the-secret-of-this-site-at-all", "unsubscribe", contact);
    await failure(post("account/unsubscribe", { contact, token: forged }), 400, "InvalidParameterException");
  });

  it.each([
    [{ contact: "a@b.c", token: "short" }, "token", /malformed/],
    [{ contact: "a@b.c", token: "has spaces in it but is long enough" }, "token", /malformed/],
    [{ contact: "a@b.c" }, "token", /.+/],
    [{ contact: "ab", token: "x".repeat(43) }, "contact", /required/],
    [{ token: "x".repeat(43) }, "contact", /.+/],
    [{ contact: `${"a".repeat(250)}@b.cc`, token: "x".repeat(43) }, "contact", /.+/],
  ])("refuses %j with 400 on that field", async (fields, field, message) => {
    const e = await failure(post("account/unsubscribe", fields), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.[field]?.[0]).toMatch(message);
  });

  it("refuses GET with 405 (a link click must not unsubscribe by itself)", async () => {
    const contact = "get@example.com";
    await failure(get("account/unsubscribe", { contact, token: await tokenFor(contact) }), 405, "InvalidRequestException");
    expect(await unsubscribed()).not.toContain(contact);
  });
});
