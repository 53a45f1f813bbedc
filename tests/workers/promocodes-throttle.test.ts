import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, PASSWORD, registerPlayer, uniqueName, US_PLAYER, type Player } from "./auth-helpers";
import { frozenThrottleClock } from "./throttle-clock";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";

// Promo codes cannot be brute-forced (decision 0061): unknown codes count per account (10 in
// 10 minutes) and per address (30); past either, every promo code call is a 429 and the code is
// not looked at. The throttle's clock is frozen and moved by hand, as in auth-throttle.test.ts.

const { wait } = frozenThrottleClock();

const check = (b: Browser, promo_code: string) => b.post("campaigns/checkPromocode", { promo_code });
const activate = (p: Player, promo_code: string) => p.browser.post("campaigns/activateOffer", { promo_code });
/** An unknown code, answered as such. */
const wrong = async (res: Promise<Response>) =>
  expect((await failure(res, 400, "InvalidParameterException")).invalid_parameters).toEqual({ promo_code: ["INVALID"] });
const throttled = (res: Promise<Response>) => failure(res, 429, "TooManyRequestsException");
const guess = () => uniqueName("GUESS").toUpperCase();
const welcomeBonuses = async (p: Player) =>
  (await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM player_bonuses WHERE uid = ?1 AND grant_key = 'promo:WELCOME50'").bind(p.uid).first<number>("n")) ??
  0;

describe("wrong promo codes of one account", () => {
  it("after 10 unknown codes the next call, even with a valid code, is a 429 with retry_after and grants nothing", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 5; i++) await wrong(check(p.browser, guess()));
    for (let i = 0; i < 5; i++) await wrong(activate(p, guess()));
    const e = await throttled(activate(p, "WELCOME50"));
    expect(e.params?.retry_after).toBe(600);
    expect(e.message).toMatch(/Too many wrong promo codes/);
    await throttled(check(p.browser, "WELCOME50"));
    expect(await welcomeBonuses(p)).toBe(0);
  });

  it("a deposit's code is throttled too, and refuses the deposit before it starts", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 10; i++) await wrong(check(p.browser, guess()));
    await throttled(p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: uniqueName("k"), promo_code: "RELOAD25" }));
    expect(await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM cashier_transactions WHERE uid = ?1").bind(p.uid).first("n")).toBe(0);
  });

  it("a correct code neither counts nor wipes the count", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 9; i++) await wrong(check(p.browser, guess()));
    for (let i = 0; i < 15; i++) expect(await data(check(p.browser, "WELCOME50"))).toMatchObject({ code: "WELCOME50" });
    await wrong(check(p.browser, guess()));
    await throttled(check(p.browser, "WELCOME50"));
  });

  it("known codes that do not apply (expired, used) are not guesses", async () => {
    const p = await registerPlayer();
    await data(activate(p, "SPINS20"));
    for (let i = 0; i < 15; i++) {
      await failure(check(p.browser, "SPRING10"), 400, "InvalidParameterException");
      await failure(activate(p, "SPINS20"), 400, "InvalidParameterException");
    }
    expect(await data(activate(p, "WELCOME50"))).toMatchObject({ code: "WELCOME50" });
  });

  it("when the wait has passed, codes work again", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 10; i++) await wrong(activate(p, guess()));
    await throttled(activate(p, "WELCOME50"));
    wait(599);
    await throttled(activate(p, "WELCOME50"));
    wait(1);
    expect(await data(activate(p, "WELCOME50"))).toMatchObject({ code: "WELCOME50" });
    expect(await welcomeBonuses(p)).toBe(1);
  });
});

describe("wrong promo codes from one address", () => {
  it("after 30 unknown codes from an address, its other accounts and visitors wait; another address does not", async () => {
    const ip = "203.0.113.35";
    const guessers = [await registerPlayer({}, new Browser(ip)), await registerPlayer({}, new Browser(ip)), await registerPlayer({}, new Browser(ip))];
    for (const g of guessers) for (let i = 0; i < 10; i++) await wrong(check(g.browser, guess()));
    const neighbour = await registerPlayer({}, new Browser(ip));
    await throttled(activate(neighbour, "WELCOME50"));
    await throttled(check(new Browser(ip), "WELCOME50"));
    expect(await welcomeBonuses(neighbour)).toBe(0);
    // The same account from elsewhere has its own budget left (only the address waits).
    const elsewhere = new Browser("203.0.113.36");
    elsewhere.cookies.set("pf_session", neighbour.browser.cookies.get("pf_session")!);
    expect(await data(elsewhere.post("campaigns/activateOffer", { promo_code: "WELCOME50" }))).toMatchObject({ code: "WELCOME50" });
  });

  it("a registration's promo code counts as a guess, and is not looked at while the address waits", async () => {
    const ip = "203.0.113.37";
    const form = () => {
      const login = uniqueName();
      return { login, email: `${login}@example.com`, password: PASSWORD, terms: "1", ...US_PLAYER };
    };
    for (let i = 0; i < 29; i++) await wrong(check(new Browser(ip), guess()));
    await wrong(new Browser(ip).post("auth/register", { ...form(), promo_code: guess() }));
    const refused = form();
    await throttled(new Browser(ip).post("auth/register", { ...refused, promo_code: "WELCOME50" }));
    expect(await env.DB.prepare("SELECT 1 FROM users WHERE login = ?1").bind(refused.login).first()).toBeNull();
    // Without a code the visitor registers as usual.
    expect((await data(new Browser(ip).post("auth/register", form()))).uid).toBeGreaterThan(0);
  });
});
