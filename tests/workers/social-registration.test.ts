import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, PASSWORD, registerPlayer, uniqueName } from "./auth-helpers";
import { data, failure, get, ORIGIN, send } from "./helpers";
import { socialSignIn } from "./social-helpers";

/** auth.register for a signed-in player whose social sign-up is not completed (the social registration popup). */

async function socialPlayer(email = `${uniqueName("complete")}@example.com`) {
  const b = new Browser();
  expect((await socialSignIn(b, { email })).searchParams.get("social_auth")).toBe("success");
  const info = await data(b.get("account/getInfo"));
  expect(info.is_registration_completed).toBe(false);
  return { b, uid: info.uid as number, email };
}

describe("completing a social registration through auth.register", () => {
  it("saves the values, marks the account completed and keeps the session", async () => {
    const { b, uid, email } = await socialPlayer();
    const session = b.session;
    const fakename = `Fin${Date.now() % 1e6}`;
    const info = await data(
      b.post("auth/register", {
        terms: "1",
        currency: "EUR",
        locale: "pt",
        fakename,
        notify: "1",
        country_code: "BR",
        first_name: "Maria",
        last_name: "Souza",
        phone: "+5511912345678",
        promo_code: "WELCOME50",
        is_betting: "1",
      }),
    );
    expect(info).toMatchObject({
      uid,
      login: email,
      fakename,
      first_name: "Maria",
      country_code: "BR",
      locale: "pt",
      is_subscribed: true,
      is_registration_completed: true,
      balance_main: { amount: 0, currency: "EUR" },
      email: { contact: email, is_confirmed: true, is_subscribed: true },
      mobile: { contact: "11912345678", is_confirmed: false, is_subscribed: true },
    });
    expect(b.session).toBe(session);
    const row = await env.DB.prepare("SELECT password_hash, last_name, is_betting FROM users WHERE uid = ?1").bind(uid).first();
    expect(row).toEqual({ password_hash: null, last_name: "Souza", is_betting: 1 });
    expect(await env.DB.prepare("SELECT promo_code FROM registration_promo WHERE uid = ?1").bind(uid).first()).toEqual({ promo_code: "WELCOME50" });

    // Completed: a second call is refused, and nothing changes.
    const again = await failure(b.post("auth/register", { terms: "1", currency: "USD" }), 400, "InvalidRequestException");
    expect(again.message).toMatch(/already registered/);
    expect((await data(b.get("account/getInfo"))).balance_main.currency).toBe("EUR");
  });

  it("requires the terms the site asks for, and checks values like registration does", async () => {
    const { b } = await socialPlayer();
    const e = await failure(b.post("auth/register", { password: PASSWORD }), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ terms: ["Please accept the terms"] });

    const taken = await registerPlayer({ fakename: `Taken${Date.now() % 1e6}`, phone: "447700900555", phone_country_code: "GB" });
    const bad = await failure(
      b.post("auth/register", {
        terms: "1",
        currency: "GBP",
        country_code: "XX",
        fakename: (await data(taken.browser.get("account/getInfo"))).fakename,
        phone: "447700900555",
        phone_country_code: "GB",
        login: taken.login,
      }),
      400,
      "InvalidParameterException",
    );
    expect(bad.invalid_parameters).toEqual({
      currency: ["This currency is not available"],
      country_code: ["Unknown country"],
      fakename: ["This name is taken"],
      phone: ["Already registered"],
      login: ["Already registered"],
    });
    for (const [fields, keys] of [
      [{ password: "12345" }, ["password"]],
      [{ email: "not-an-email" }, ["email"]],
      [{ terms: "0" }, ["terms"]],
      [{ notify: "yes" }, ["notify"]],
    ] as const) {
      const r = await failure(b.post("auth/register", { terms: "1", ...fields }), 400, "InvalidParameterException");
      expect(Object.keys(r.invalid_parameters ?? {}).sort()).toEqual(keys);
    }
    // Nothing was saved by the refused calls.
    expect((await data(b.get("account/getInfo"))).is_registration_completed).toBe(false);
  });

  it("sets the password when one is given: the player can then sign in with it", async () => {
    const { b, uid, email } = await socialPlayer();
    await data(b.post("auth/register", { terms: "1", password: PASSWORD }));
    expect((await data(new Browser().post("auth/login", { login: email, password: PASSWORD }))).uid).toBe(uid);
  });

  it("asks for an email when the account has none, refusing a taken one", async () => {
    const { b, uid, email } = await socialPlayer();
    await env.DB.prepare("DELETE FROM contacts WHERE uid = ?1").bind(uid).run();
    const missing = await failure(b.post("auth/register", { terms: "1" }), 400, "InvalidParameterException");
    expect(missing.invalid_parameters).toEqual({ email: ["Field is required"] });
    const other = await registerPlayer();
    const taken = await failure(b.post("auth/register", { terms: "1", email: other.email.toUpperCase() }), 400, "InvalidParameterException");
    expect(taken.invalid_parameters).toEqual({ email: ["Already registered"] });
    // Its own login (the provider's email) is no clash with itself.
    const info = await data(b.post("auth/register", { terms: "1", email: email.toUpperCase() }));
    expect(info.email).toEqual({ type: "email", contact: email, is_confirmed: false, is_subscribed: false });
  });

  it("does not replace an email the account has", async () => {
    const { b } = await socialPlayer();
    const e = await failure(b.post("auth/register", { terms: "1", email: `${uniqueName("other")}@example.com` }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["email"]);
  });

  it("still creates new accounts for visitors, and refuses a completed player's call", async () => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("auth/register", { login: uniqueName(), password: PASSWORD }), 400, "InvalidRequestException");
    expect(e.message).toMatch(/already registered/);
    const visitor = await failure(new Browser().post("auth/register", {}), 400, "InvalidParameterException");
    expect(Object.keys(visitor.invalid_parameters ?? {}).sort()).toEqual(["country_code", "currency", "email", "login", "password", "region", "terms"]);
  });

  it("answers 405 to GET", async () => {
    await failure(get("auth/register"), 405, "InvalidRequestException");
    await failure(send(`${ORIGIN}/api/auth/register`, { method: "PUT", headers: { origin: ORIGIN } }), 405, "InvalidRequestException");
  });
});
