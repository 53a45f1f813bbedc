import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { initDataFields, signInitData } from "../../workers/platform/auth/telegram";
import { Browser, registerPlayer, sessionRows, uniqueName, PASSWORD } from "./auth-helpers";
import { data, failure, send } from "./helpers";
import { setSiteJurisdiction } from "./jurisdiction-helpers";
import { socialSignIn } from "./social-helpers";

/**
 * The national self-exclusion registers (issue 40, decision 0092): GAMSTOP, CRUKS, Spelpaus and
 * OASIS, asked through a provider port at registration and at every sign-in for a player of the
 * country (or of a site) whose profile names one; the demo stand-in answers from its store, which
 * its console adds to.
 */

const GB = { country_code: "GB", first_name: "Alex", home_town: "London", address: "1 High Street", postcode: "SW1A 1AA", currency: "USD" };
const register = (fields: Record<string, string>) => {
  const login = uniqueName("reg");
  return new Browser().post("auth/register", { login, email: `${login}@example.com`, password: PASSWORD, terms: "1", ...fields });
};
const addToRegister = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return send("/platform/demo/registers", { method: "POST", body });
};
const users = async (lastName: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE last_name = ?1").bind(lastName).first<number>("n")) ?? 0;

describe("national self-exclusion registers", () => {
  it("refuses a UK registration of a person GAMSTOP lists, by name and birth date or by email; nothing is created", async () => {
    const before = await users("Excluded");
    const byName = await failure(register({ ...GB, last_name: "Excluded", birth_date: "1980-01-01" }), 403, "AccessDeniedException");
    expect(byName.params).toEqual({ self_excluded: true, national_register: "GAMSTOP" });
    expect(byName.message).toMatch(/GAMSTOP, the national self-exclusion scheme/);
    const byEmail = await failure(
      new Browser().post("auth/register", {
        login: "excluded-login",
        email: "Excluded@gamstop.demo",
        password: PASSWORD,
        terms: "1",
        ...GB,
        last_name: "Other",
        birth_date: "1990-02-02",
      }),
      403,
      "AccessDeniedException",
    );
    expect(byEmail.params?.national_register).toBe("GAMSTOP");
    expect(await users("Excluded")).toBe(before);
    // The same person in a country without a register in our profiles opens an account.
    const us = await registerPlayer({ last_name: "Excluded", first_name: "Alex", birth_date: "1980-01-01" });
    expect(us.uid).toBeGreaterThan(0);
  });

  it("asks again at every sign-in: a player who registered with the scheme since is refused, with no session", async () => {
    const p = await registerPlayer({ country_code: "DE", last_name: `Later${Date.now()}`, birth_date: "1985-06-07" });
    await data(new Browser().post("auth/login", { login: p.login, password: p.password }));
    expect((await data(await addToRegister({ register: "oasis", email: p.email }))).added).toBe(true);
    const b = new Browser();
    const refused = await failure(b.post("auth/login", { login: p.login, password: p.password }), 403, "AccessDeniedException");
    expect(refused.params).toEqual({ self_excluded: true, national_register: "OASIS" });
    expect(b.session).toBeUndefined();
    // Another scheme's entry does not exclude a player of another country.
    const q = await registerPlayer({ country_code: "GB", last_name: `Brit${Date.now()}`, birth_date: "1985-06-07" });
    await data(await addToRegister({ register: "cruks", email: q.email }));
    expect((await data(new Browser().post("auth/login", { login: q.login, password: q.password }))).uid).toBe(q.uid);
  });

  it("asks of a social account when it completes its registration, and at each social sign-in after", async () => {
    const email = `${uniqueName("social")}@example.com`;
    const b = new Browser();
    expect((await socialSignIn(b, { email })).searchParams.get("social_auth")).toBe("success");
    const { uid } = await data(b.get("account/getInfo"));
    const refused = await failure(
      b.post("auth/register", { terms: "1", ...GB, last_name: "Excluded", birth_date: "1980-01-01" }),
      403,
      "AccessDeniedException",
    );
    expect(refused.params).toEqual({ self_excluded: true, national_register: "GAMSTOP" });
    // Not completed, not renamed, and the session it signed in with is over.
    const row = await env.DB.prepare("SELECT is_registration_completed, last_name FROM users WHERE uid = ?1").bind(uid).first();
    expect(row).toEqual({ is_registration_completed: 0, last_name: "" });
    expect(await sessionRows(uid)).toHaveLength(0);

    // A completed German social account whose email OASIS lists since: its next social sign-in is refused.
    const other = `${uniqueName("social")}@example.com`;
    const c = new Browser();
    await socialSignIn(c, { email: other });
    await data(c.post("auth/register", { terms: "1", country_code: "DE", first_name: "Jonas", last_name: `Social${Date.now()}`, birth_date: "1990-03-04" }));
    await data(await addToRegister({ register: "oasis", email: other }));
    const back = await socialSignIn(new Browser(), { email: other });
    expect([back.searchParams.get("social_auth"), back.searchParams.get("reason")]).toEqual(["error", "national_register"]);

    // On a UK site, a new social account whose email GAMSTOP lists is not created.
    await setSiteJurisdiction("uk");
    try {
      const listed = await socialSignIn(new Browser(), { email: "excluded@gamstop.demo" });
      expect(listed.searchParams.get("reason")).toBe("national_register");
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM contacts WHERE contact = 'excluded@gamstop.demo'").first("n")).toBe(0);
    } finally {
      await setSiteJurisdiction(null);
    }
  });

  it("asks when a player gives a new name, birth date or country, and at a messenger sign-in", async () => {
    const p = await registerPlayer({ country_code: "GB", first_name: "Sam", last_name: `Own${Date.now()}`, birth_date: "1991-01-01" });
    const refused = await failure(p.browser.post("account/saveProfileInfo", { last_name: "Excluded", birth_date: "1980-01-01" }), 403, "AccessDeniedException");
    expect(refused.params?.national_register).toBe("GAMSTOP");
    expect(await env.DB.prepare("SELECT last_name FROM users WHERE uid = ?1").bind(p.uid).first("last_name")).toMatch(/^Own/);
    expect(await sessionRows(p.uid)).toHaveLength(0);
    // Any other change is saved without a question.
    const q = await registerPlayer({ country_code: "GB" });
    expect(await data(q.browser.post("account/saveProfileInfo", { home_town: "Leeds" }))).toBe(1);

    // A messenger account that gave a Swedish identity, listed by Spelpaus since, signs in no more.
    const id = 8_200_000_000 + Math.floor(Math.random() * 1e6);
    const { payload, hash } = await signInitData(env.TELEGRAM_BOT_TOKEN, initDataFields({ id, username: `se_${id}` }));
    const tg = { is_tg: "1", id: String(id), username: `se_${id}`, hash, language_code: "", payload };
    const m = new Browser();
    const info = await data(m.post("auth/register", tg));
    const lastName = `Messenger${id}`;
    expect(await data(m.post("account/saveProfileInfo", { country_code: "SE", last_name: lastName, birth_date: "1988-08-08" }))).toBe(1);
    await data(await addToRegister({ register: "spelpaus", last_name: lastName, birth_date: "1988-08-08" }));
    const tgRefused = await failure(new Browser().post("auth/register", tg), 403, "AccessDeniedException");
    expect(tgRefused.params?.national_register).toBe("Spelpaus");
    expect((await sessionRows(info.uid)).length).toBe(1);
  });

  it("the demo console lists the schemes' entries and refuses what it cannot match on", async () => {
    const list = await data(await send("/platform/demo/registers?format=json"));
    expect(list.map((e: { register: string }) => e.register)).toEqual(expect.arrayContaining(["gamstop", "cruks", "spelpaus", "oasis"]));
    const bad: Record<string, string>[] = [
      { register: "nope", email: "a@b.c" },
      { register: "gamstop" },
      { register: "gamstop", last_name: "X", birth_date: "01/01/1980" },
    ];
    for (const fields of bad) {
      expect((await addToRegister(fields)).status).toBe(400);
    }
  });
});
