import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, PASSWORD, registerPlayer, uniqueName, US_PLAYER, type Player } from "./auth-helpers";
import { depositWith, newKey } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";

/** Promo codes (decision 0044): campaigns.checkPromocode / activateOffer, registration and deposits with a code. */

const bonuses = (p: Player) => data(p.browser.get("bonuses/get"));
const bySysname = (list: { sysname: string }[], sysname: string) => list.filter((b) => b.sysname === sysname) as any[];
const activate = (p: Player, promo_code: string) => p.browser.post("campaigns/activateOffer", { promo_code });
const refused = async (res: Promise<Response>) => (await failure(res, 400, "InvalidParameterException")).invalid_parameters;
const redemptions = async (code: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM promo_redemptions WHERE code = ?1").bind(code).first<number>("n")) ?? 0;

/** A code of its own for a test: grants the WELCOME50 bonus template, with these terms. */
async function makeCode(terms: { max_uses?: number; segment?: string; ends_at?: number; country_code?: string } = {}): Promise<string> {
  const code = uniqueName("T").toUpperCase();
  await env.DB.prepare(
    `INSERT INTO promo_codes (code, bonus_template_id, max_uses, segment, ends_at, country_code)
     SELECT ?1, id, ?2, ?3, ?4, ?5 FROM bonus_templates WHERE sysname = 'promo-welcome50'`,
  )
    .bind(code, terms.max_uses ?? null, terms.segment ?? "all", terms.ends_at ?? null, terms.country_code ?? null)
    .run();
  return code;
}

describe("campaigns.checkPromocode", () => {
  it("answers what a valid code grants, any case, for a visitor and a player", async () => {
    const info = await data(new Browser().post("campaigns/checkPromocode", { promo_code: " welcome50 " }));
    expect(info).toEqual({ code: "WELCOME50", grants: "bonus", title: "Promo code WELCOME50", requires_deposit: false });
    const p = await registerPlayer();
    expect(await data(p.browser.post("campaigns/checkPromocode", { promo_code: "spins20" }))).toMatchObject({ code: "SPINS20", grants: "freespins" });
  });

  it("refuses each reason with its own code in the promo_code field", async () => {
    const p = await registerPlayer();
    const check = (promo_code: string, extra: Record<string, string | number> = {}) =>
      refused(p.browser.post("campaigns/checkPromocode", { promo_code, ...extra }));
    expect(await check("NOPE-NOT-A-CODE")).toEqual({ promo_code: ["INVALID"] });
    expect(await check("SPRING10")).toEqual({ promo_code: ["EXPIRED"] });
    expect(await check("BRASIL20")).toEqual({ promo_code: ["NOT_ELIGIBLE"] });
    expect(await check("RELOAD25")).toEqual({ promo_code: ["DEPOSIT_REQUIRED"] });
    // The deposit form's check: a deposit-only code is fine there, but not below its minimum deposit.
    expect(await data(p.browser.post("campaigns/checkPromocode", { promo_code: "RELOAD25", context: "deposit", amount: 5000 }))).toMatchObject({
      requires_deposit: true,
    });
    expect(await check("RELOAD25", { context: "deposit", amount: 1000 })).toEqual({ promo_code: ["DEPOSIT_TOO_SMALL"] });
    await data(activate(p, "SPINS20"));
    expect(await check("SPINS20")).toEqual({ promo_code: ["USED"] });
  });

  it("a new-players code is refused once the player has deposited; a country code fits its country", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 5000 });
    expect(await refused(activate(p, "WELCOME50"))).toEqual({ promo_code: ["NOT_ELIGIBLE"] });
    const br = await registerPlayer({ country_code: "BR", currency: "BRL" });
    expect(await data(activate(br, "BRASIL20"))).toMatchObject({ code: "BRASIL20" });
    expect(bySysname((await bonuses(br)).available, "promo-brasil20")[0].amount).toEqual({ amount: 10_000, currency: "BRL" });
  });

  it("bad input is a 4xx, never a 500", async () => {
    const b = new Browser();
    expect(Object.keys((await refused(b.post("campaigns/checkPromocode", {})))!)).toEqual(["promo_code"]);
    await refused(b.post("campaigns/checkPromocode", { promo_code: "x".repeat(51) }));
    await refused(b.post("campaigns/checkPromocode", { promo_code: "WELCOME50", context: "bogus" }));
    await refused(b.post("campaigns/checkPromocode", { promo_code: "'; DROP TABLE promo_codes; --" }));
    await failure(b.post("campaigns/activateOffer", { promo_code: "WELCOME50" }), 401, "AuthorizationException");
  });
});

describe("campaigns.activateOffer", () => {
  it("grants the code's bonus once: available, listed by bonuses.get; a second try is USED", async () => {
    const p = await registerPlayer();
    expect(await data(activate(p, "welcome50"))).toMatchObject({ code: "WELCOME50", grants: "bonus" });
    const [bonus] = bySysname((await bonuses(p)).available, "promo-welcome50");
    expect(bonus).toMatchObject({ status: "available", amount: { amount: 5000, currency: "USD" }, wager_required: { amount: 50_000 } });
    expect(await refused(activate(p, "WELCOME50"))).toEqual({ promo_code: ["USED"] });
    expect(bySysname((await bonuses(p)).available, "promo-welcome50")).toHaveLength(1);
  });

  it("fields names the parts answered beside the code; an unknown part is a 400 and redeems nothing", async () => {
    const p = await registerPlayer();
    const bad = await failure(p.browser.post("campaigns/activateOffer", { promo_code: "SPINS20", fields: "title,secret" }), 400, "InvalidParameterException");
    expect(Object.keys(bad.invalid_parameters ?? {})).toEqual(["fields"]);
    const titles = async () => (await data(p.browser.get("freespins/get"))).items.map((x: { title: string }) => x.title);
    expect(await titles()).not.toContain("20 free spins: promo code SPINS20");
    expect(await data(p.browser.post("campaigns/activateOffer", { promo_code: "spins20", fields: "title" }))).toEqual({
      code: "SPINS20",
      title: "20 free spins: promo code SPINS20",
    });
  });

  it("a free-spin code grants its pack", async () => {
    const p = await registerPlayer();
    await data(activate(p, "SPINS20"));
    const list = await data(p.browser.get("freespins/get"));
    expect(list.items.map((x: { title: string }) => x.title)).toContain("20 free spins: promo code SPINS20");
  });

  it("once per player under concurrency: five parallel activations grant one bonus", async () => {
    const p = await registerPlayer();
    const code = await makeCode();
    const results = await Promise.all(Array.from({ length: 5 }, () => activate(p, code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(bySysname((await bonuses(p)).available, "promo-welcome50")).toHaveLength(1);
    expect(await redemptions(code)).toBe(1);
  });

  it("the total limit holds under concurrency: 2 uses among 5 players at once", async () => {
    const code = await makeCode({ max_uses: 2 });
    const players = await Promise.all(Array.from({ length: 5 }, () => registerPlayer()));
    const results = await Promise.all(players.map((p) => activate(p, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) expect(((await r.json()) as any).error.invalid_parameters).toEqual({ promo_code: ["USED"] });
    expect(await redemptions(code)).toBe(2);
    const granted = await Promise.all(players.map(async (p) => bySysname((await bonuses(p)).available, "promo-welcome50").length));
    expect(granted.reduce((a, b) => a + b, 0)).toBe(2);
  });
});

describe("registration with a promo code", () => {
  it("a valid code is redeemed with the account", async () => {
    const p = await registerPlayer({ promo_code: "welcome50" });
    expect(bySysname((await bonuses(p)).available, "promo-welcome50")).toHaveLength(1);
    expect(await refused(activate(p, "WELCOME50"))).toEqual({ promo_code: ["USED"] });
  });

  it("an invalid code is a promo_code field error; nothing is created, and the same form with a good code works", async () => {
    const login = uniqueName();
    const b = new Browser();
    const form = { login, email: `${login}@example.com`, password: PASSWORD, terms: "1", ...US_PLAYER };
    // A German player gives what Germany's form requires (and no US region).
    const german = {
      country_code: "DE",
      region: undefined,
      first_name: "Ana",
      last_name: "Lang",
      birth_date: "1990-04-15",
      home_town: "Berlin",
      address: "Hauptstrasse 1",
      postcode: "10115",
    };
    expect(await refused(b.post("auth/register", { ...form, promo_code: "SPRING10" }))).toEqual({ promo_code: ["EXPIRED"] });
    expect(await refused(b.post("auth/register", { ...form, ...german, promo_code: "BRASIL20" }))).toEqual({ promo_code: ["NOT_ELIGIBLE"] });
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE login = ?1").bind(login).first()).toBeNull();
    const info = await data(b.post("auth/register", { ...form, promo_code: "SPINS20" }));
    expect(info.uid).toBeGreaterThan(0);
    expect(await redemptions("SPINS20")).toBeGreaterThan(0);
  });
});

describe("a deposit with a promo code", () => {
  it("RELOAD25 is granted when the deposit succeeds: 25% of it, on the deposit", async () => {
    const p = await registerPlayer();
    const { id } = await depositWith(p, "success", { amount: 8000, promo_code: "reload25" });
    const [bonus] = bySysname((await bonuses(p)).available, "promo-reload25");
    expect(bonus).toMatchObject({ amount: { amount: 2000 }, deposit: { amount: 8000 }, wager_required: { amount: 10 * 2000 } });
    expect(await env.DB.prepare("SELECT deposit_id FROM promo_redemptions WHERE uid = ?1").bind(p.uid).first("deposit_id")).toBe(id);
  });

  it("a failed deposit redeems nothing; an unfit code refuses the deposit before it starts", async () => {
    const p = await registerPlayer();
    await depositWith(p, "fail", { amount: 8000, promo_code: "RELOAD25" });
    expect(bySysname((await bonuses(p)).available, "promo-reload25")).toHaveLength(0);
    const start = (amount: number, promo_code: string) =>
      refused(p.browser.post("cashier/makedeposit", { method: "demo_card", amount, idempotency_key: newKey(), promo_code }));
    expect(await start(1000, "RELOAD25")).toEqual({ promo_code: ["DEPOSIT_TOO_SMALL"] });
    expect(await start(5000, "SPRING10")).toEqual({ promo_code: ["EXPIRED"] });
    expect(await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM cashier_transactions WHERE uid = ?1 AND status <> 'fail'").bind(p.uid).first("n")).toBe(0);
  });
});
