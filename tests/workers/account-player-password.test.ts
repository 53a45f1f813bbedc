import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, registerPlayer, sessionRows, uid } from "./auth-helpers";
import { data, failure, get, setCookie } from "./helpers";
import { socialSignIn } from "./social-helpers";

describe("account.changepassword", () => {
  it("changes the password, ends every other session and rotates this one", async () => {
    const p = await registerPlayer();
    const phone = new Browser();
    await data(phone.post("auth/login", { login: p.login, password: p.password }));
    const before = p.browser.clone();
    expect(await data(p.browser.post("account/changepassword", { old_password: p.password, new_password: "N3w-secret" }))).toBe(1);
    expect(p.browser.session).not.toBe(before.session);
    expect(await uid(p.browser)).toBe(p.uid);
    expect(await uid(before)).toBe(0);
    expect(await uid(phone)).toBe(0);
    expect(await sessionRows(p.uid)).toHaveLength(1);
    await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 401, "AuthorizationException");
    expect((await data(new Browser().post("auth/login", { login: p.login, password: "N3w-secret" }))).uid).toBe(p.uid);
  });

  it("a call sent with the old cookie and answered after the change does not erase the new session", async () => {
    // The browser sends the old cookie on a fetch in flight while the change renews the session;
    // that answer arrives last. Clearing the cookie there would sign the player out of this browser.
    const p = await registerPlayer();
    const before = p.browser.clone();
    await data(p.browser.post("account/changepassword", { old_password: p.password, new_password: "N3w-secret" }));
    const late = await get("account/getInfo", {}, { ...before.headers(), "sec-fetch-mode": "cors" });
    expect((await data(late)).uid).toBe(0);
    expect(setCookie(late, "pf_session")).toBeUndefined();
    // A page navigation with a dead cookie still clears it.
    const page = await get("account/getInfo", {}, { ...before.headers(), "sec-fetch-mode": "navigate" });
    expect(setCookie(page, "pf_session")?.attributes).toMatch(/Max-Age=0/);
    expect(await uid(p.browser)).toBe(p.uid);
  });

  it("ends pending password-reset tokens", async () => {
    const p = await registerPlayer();
    await data(new Browser().post("auth/restore", { login: p.login }));
    await data(p.browser.post("account/changepassword", { old_password: p.password, new_password: "Other-pass1" }));
    const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM password_resets WHERE uid = ?1").bind(p.uid).first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("refuses a wrong old password with 400 on old_password and keeps every session", async () => {
    const p = await registerPlayer();
    const e = await failure(
      p.browser.post("account/changepassword", { old_password: "not-it-at-all", new_password: "N3w-secret" }),
      400,
      "InvalidParameterException",
    );
    expect(e.invalid_parameters).toEqual({ old_password: ["Wrong password"] });
    expect(JSON.stringify(e)).not.toMatch(/not-it-at-all|N3w-secret/);
    expect(await uid(p.browser)).toBe(p.uid);
  });

  it("counts wrong old passwords against the account's sign-in throttle", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 5; i++) {
      await failure(p.browser.post("account/changepassword", { old_password: `wrong-${i}`, new_password: "N3w-secret" }), 400, "InvalidParameterException");
    }
    await failure(p.browser.post("account/changepassword", { old_password: p.password, new_password: "N3w-secret" }), 429, "TooManyRequestsException");
  });

  it("lets an account made by social sign-in set its first password, then asks for it", async () => {
    const b = new Browser();
    const email = `first-pass-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    expect((await socialSignIn(b, { email })).searchParams.get("social_auth")).toBe("success");
    const { uid: id, login } = await data(b.get("account/getInfo"));
    expect(await data(b.post("account/changepassword", { new_password: "First-pass1" }))).toBe(1);
    expect((await data(new Browser().post("auth/login", { login, password: "First-pass1" }))).uid).toBe(id);
    const e = await failure(b.post("account/changepassword", { new_password: "Second-pass2" }), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ old_password: ["Field is required"] });
    expect(await data(b.post("account/changepassword", { old_password: "First-pass1", new_password: "Second-pass2" }))).toBe(1);
  });

  it.each([
    [{}, ["new_password"]],
    [{ new_password: "Good-pass1" }, ["old_password"]],
    [{ old_password: "whatever1" }, ["new_password"]],
    [{ old_password: "whatever1", new_password: "short" }, ["new_password"]],
    [{ old_password: "whatever1", new_password: "x".repeat(21) }, ["new_password"]],
    [{ old_password: "whatever1", new_password: "with space" }, ["new_password"]],
    [{ old_password: "x".repeat(129), new_password: "Good-pass1" }, ["old_password"]],
  ])("refuses %j with 400 on those fields", async (fields, keys) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/changepassword", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {}).sort()).toEqual(keys);
  });
});
