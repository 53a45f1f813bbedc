import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, registerPlayer, uniqueName, PASSWORD } from "./auth-helpers";
import { data, failure, send } from "./helpers";

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
