import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, PASSWORD, registerPlayer, uniqueName, US_PLAYER } from "./auth-helpers";
import { frozenThrottleClock } from "./throttle-clock";
import { data, failure, ORIGIN, send } from "./helpers";

// Registration is throttled per client address (decision 0061): 5 new accounts an hour, then the
// address waits an hour. The throttle's clock is frozen and moved by hand (auth-throttle.test.ts).

const { wait } = frozenThrottleClock();

const form = (login = uniqueName()) => ({ login, email: `${login}@example.com`, password: PASSWORD, terms: "1", ...US_PLAYER });
const userExists = async (login: string) => (await env.DB.prepare("SELECT 1 FROM users WHERE login = ?1").bind(login).first()) !== null;

describe("registrations from one address", () => {
  it("the 6th account from one address is refused with 429 and retry_after; another address is not", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 5; i++) await registerPlayer({}, new Browser(ip));
    const sixth = form();
    const e = await failure(new Browser(ip).post("auth/register", sixth), 429, "TooManyRequestsException");
    expect(e.params?.retry_after).toBe(3600);
    expect(await userExists(sixth.login)).toBe(false);
    expect((await data(new Browser("203.0.113.51").post("auth/register", sixth))).uid).toBeGreaterThan(0);
  });

  it("while the address waits nothing is looked at: a taken login is not revealed", async () => {
    const ip = "203.0.113.52";
    const players = [];
    for (let i = 0; i < 5; i++) players.push(await registerPlayer({}, new Browser(ip)));
    await failure(new Browser(ip).post("auth/register", form(players[0]!.login)), 429, "TooManyRequestsException");
  });

  it("failed registrations do not count, and after the hour the address registers again", async () => {
    const ip = "203.0.113.53";
    const taken = await registerPlayer({}, new Browser(ip));
    for (let i = 0; i < 10; i++) await failure(new Browser(ip).post("auth/register", form(taken.login)), 400, "InvalidParameterException");
    for (let i = 0; i < 4; i++) await registerPlayer({}, new Browser(ip));
    await failure(new Browser(ip).post("auth/register", form()), 429, "TooManyRequestsException");
    wait(3599);
    await failure(new Browser(ip).post("auth/register", form()), 429, "TooManyRequestsException");
    wait(1);
    expect((await data(new Browser(ip).post("auth/register", form()))).uid).toBeGreaterThan(0);
  });

  it("the registration form without JavaScript shows the wait in words", async () => {
    const ip = "203.0.113.54";
    for (let i = 0; i < 5; i++) await registerPlayer({}, new Browser(ip));
    wait(60);
    const b = new Browser(ip);
    const body = new FormData();
    const login = uniqueName();
    const fields = { email: `${login}@example.com`, password: PASSWORD, terms: "1", reg_type: "fast", currency: "USD", country_code: "US", region: "AL" };
    for (const [k, v] of Object.entries({ intent: "register", ...fields, returnTo: "/gamehall" })) body.append(k, v);
    const posted = b.keep(await send("/auth", { method: "POST", body, headers: { origin: ORIGIN, ...b.headers() }, redirect: "manual" }));
    expect(posted.status).toBe(302);
    const page = await send(posted.headers.get("location")!, { headers: b.headers(), redirect: "manual" });
    expect(await page.text()).toContain("Too many attempts. Try again in 3540 seconds.");
  });
});
