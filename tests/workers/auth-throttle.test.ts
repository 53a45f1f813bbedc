import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, codeAt, frozenTotpClock, enableTwoFactor, forgetUsedCodes, registerPlayer, uniqueName, wrongCode, type Player } from "./auth-helpers";
import { apiUrl, data, failure, ORIGIN, send } from "./helpers";
import { frozenThrottleClock } from "./throttle-clock";

// Codes are made and checked on a held authenticator clock: no wait for a fresh step.
frozenTotpClock();

// Sign-in throttling (decision 0024) against the attacks it is for. The throttle's clock is
// frozen and moved by hand: no test sleeps, and none depends on how fast the machine is.

const clock = frozenThrottleClock();
const wait = clock.wait;
/** Tests that make dozens of sign-ins (each a full PBKDF2): room for a busy 2-core machine. */
const HEAVY = 60_000;

const wrong = (b: Browser, login: string, i = 0) => failure(b.post("auth/login", { login, password: `wrong-${i}` }), 401, "AuthorizationException");
const signIn = (b: Browser, p: Player, login = p.login) => b.post("auth/login", { login, password: p.password });

/** A browser the account has signed in from: it carries the account's device cookie. */
async function ownBrowser(p: Player, ip?: string): Promise<Browser> {
  const b = new Browser(ip);
  expect((await data(signIn(b, p))).uid).toBe(p.uid);
  expect([...b.cookies.keys()].some((k) => /pf_device$/.test(k))).toBe(true);
  return b;
}

describe("credential stuffing against one account", () => {
  it(
    "50 wrong passwords from 50 addresses do not stop the owner on a browser they signed in from",
    async () => {
      const p = await registerPlayer();
      const own = await ownBrowser(p);
      for (let i = 0; i < 50; i++) {
        const res = await new Browser().post("auth/login", { login: p.login, password: `guess-${i}` });
        expect([401, 429]).toContain(res.status);
        if (res.status === 401)
          wait(1); // the stranger comes back when allowed, as fast as allowed
        else wait(Number(((await res.json()) as any).error.params.retry_after));
      }
      expect((await data(signIn(own, p))).uid).toBe(p.uid);
    },
    HEAVY,
  );

  it(
    "slows strangers down after 5 failures, doubling the wait up to 5 minutes, and never locks for longer",
    async () => {
      const p = await registerPlayer();
      for (let i = 0; i < 5; i++) await wrong(new Browser(), p.login, i);
      let e = await failure(signIn(new Browser(), p), 429, "TooManyRequestsException");
      expect(e.params?.retry_after).toBe(1);
      expect(e.message).toMatch(/Too many sign-in attempts/);
      const waits: number[] = [];
      for (let i = 0; i < 12; i++) {
        wait(Number(e.params?.retry_after));
        await wrong(new Browser(), p.login, i);
        e = await failure(signIn(new Browser(), p), 429, "TooManyRequestsException");
        waits.push(Number(e.params?.retry_after));
      }
      expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300, 300]);
      // The owner on a new browser waits out at most those 5 minutes, then the right password works.
      wait(300);
      expect((await data(signIn(new Browser(), p))).uid).toBe(p.uid);
    },
    HEAVY,
  );

  it("typing the email instead of the login does not give a second budget", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 3; i++) await wrong(new Browser(), p.login, i);
    for (let i = 0; i < 2; i++) await wrong(new Browser(), p.email.toUpperCase(), i);
    await failure(new Browser().post("auth/login", { login: p.email, password: "x" }), 429, "TooManyRequestsException");
    await failure(new Browser().post("auth/login", { login: ` ${p.login.toUpperCase()}`, password: "x" }), 429, "TooManyRequestsException");
  });

  it("a browser that finished a mailed password reset signs in at once, even while strangers keep guessing", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 9; i++) {
      await new Browser().post("auth/login", { login: p.login, password: `guess-${i}` });
      wait(1);
    }
    await failure(signIn(new Browser(), p), 429, "TooManyRequestsException");
    const b = new Browser();
    await data(b.post("auth/restore", { login: p.login }));
    const row = await env.DB.prepare("SELECT token_hash FROM password_resets WHERE uid = ?1 AND used_at IS NULL").bind(p.uid).first();
    expect(row).not.toBeNull();
    const mail = await (await send(`/platform/demo/mailbox?format=json&to=${encodeURIComponent(p.email)}`)).json<any>();
    const token = new URL(mail.items[0].link).searchParams.get("reset_token")!;
    await data(b.post("auth/restore", { token, password: "N3w-pass!" }));
    // A stranger strikes again right after: the account waits for strangers, not for this browser.
    for (let i = 0; i < 6; i++) await new Browser().post("auth/login", { login: p.login, password: `again-${i}` });
    await failure(new Browser().post("auth/login", { login: p.login, password: "N3w-pass!" }), 429, "TooManyRequestsException");
    expect((await data(b.post("auth/login", { login: p.login, password: "N3w-pass!" }))).uid).toBe(p.uid);
  });

  it("a trusted browser's own wrong passwords slow it down under its own key", async () => {
    const p = await registerPlayer();
    const own = await ownBrowser(p);
    for (let i = 0; i < 5; i++) await wrong(own, p.login, i);
    await failure(signIn(own, p), 429, "TooManyRequestsException");
    // Strangers were not slowed by the owner's typos, and the owner is back after the wait.
    await wrong(new Browser(), p.login);
    wait(1);
    expect((await data(signIn(own, p))).uid).toBe(p.uid);
  });

  it("a forged or other account's device cookie earns no trust", async () => {
    const p = await registerPlayer();
    const other = await registerPlayer();
    const theirs = await ownBrowser(other);
    for (let i = 0; i < 5; i++) await wrong(new Browser(), p.login, i);
    await failure(signIn(theirs, p), 429, "TooManyRequestsException");
    const forged = new Browser();
    const [name, value] = [...theirs.cookies].find(([k]) => /pf_device$/.test(k))!;
    forged.cookies.set(name, encodeURIComponent(decodeURIComponent(value).replace(/^\d+\./, `${p.uid}.`)));
    await failure(signIn(forged, p), 429, "TooManyRequestsException");
  });

  it("counts wrong two-factor codes as failures of the account", async () => {
    const p = await registerPlayer();
    const secret = await enableTwoFactor(p);
    const code = await wrongCode(secret);
    for (let i = 0; i < 5; i++) {
      await failure(new Browser().post("auth/login", { login: p.login, password: p.password, code }), 400, "InvalidParameterException");
    }
    await failure(new Browser().post("auth/login", { login: p.login, password: p.password, code }), 429, "TooManyRequestsException");
    await forgetUsedCodes(p.uid);
    wait(1);
    expect((await data(new Browser().post("auth/login", { login: p.login, password: p.password, code: await codeAt(secret) }))).uid).toBe(p.uid);
  });
});

describe("one address, many players (carrier NAT) and password spraying", () => {
  it(
    "20 failures from one address do not stop other accounts behind that address",
    async () => {
      const ip = "203.0.113.20";
      const neighbour = await registerPlayer();
      // Five players behind one carrier NAT mistype four times each; one of them is attacked on top.
      const typists = await Promise.all([1, 2, 3, 4, 5].map(() => registerPlayer()));
      for (const t of typists) for (let i = 0; i < 4; i++) await wrong(new Browser(ip), t.login, i);
      for (let i = 0; i < 20; i++) {
        await new Browser(ip).post("auth/login", { login: typists[0]!.login, password: `guess-${i}` });
        wait(1);
      }
      expect((await data(signIn(new Browser(ip), neighbour))).uid).toBe(neighbour.uid);
      expect((await data(signIn(new Browser(ip), typists[1]!))).uid).toBe(typists[1]!.uid);
    },
    HEAVY,
  );

  it(
    "spraying 60 accounts from one address slows that address's strangers briefly; trusted browsers there sign in",
    async () => {
      const ip = "203.0.113.60";
      const p = await registerPlayer();
      const own = await ownBrowser(p, ip);
      for (let failures = 0; failures < 60; ) {
        const res = await new Browser(ip).post("auth/login", { login: uniqueName("spray"), password: "Summer2030!" });
        if (res.status === 429) wait(Number(((await res.json()) as any).error.params.retry_after));
        else {
          expect(res.status).toBe(401);
          failures++;
        }
      }
      const e = await failure(signIn(new Browser(ip), p), 429, "TooManyRequestsException");
      expect(e.params?.retry_after).toBeLessThanOrEqual(60);
      expect((await data(signIn(own, p))).uid).toBe(p.uid);
      expect((await data(signIn(new Browser("203.0.113.61"), p))).uid).toBe(p.uid);
    },
    HEAVY,
  );

  it("reads the client address from cf-connecting-ip, then X-Forwarded-For", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 3; i++) {
      const body = new FormData();
      body.append("login", uniqueName("xff"));
      body.append("password", "wrong-pass");
      const headers = { origin: ORIGIN, "x-forwarded-for": `${ip}, 10.0.0.1` };
      await failure(send(apiUrl("auth/login"), { method: "POST", body, headers }), 401, "AuthorizationException");
    }
    const count = (key: string) => env.DB.prepare("SELECT failures FROM login_attempts WHERE key = ?1").bind(key).first<number>("failures");
    expect(await count(`ip:${ip}`)).toBe(3);
    await wrong(new Browser("198.51.100.78"), uniqueName("cf"));
    expect(await count("ip:198.51.100.78")).toBe(1);
  });
});

describe("no account-existence oracle", () => {
  it(
    "an unknown login and a wrong password get the same answers, attempt by attempt",
    async () => {
      const known = await registerPlayer();
      const unknown = uniqueName("ghost");
      const answers = async (login: string) => {
        const out: unknown[] = [];
        for (let i = 0; i < 8; i++) {
          const res = await new Browser().post("auth/login", { login, password: `x-wrong-${i}` });
          out.push([res.status, (await res.json<any>()).error]);
          if (i === 6) wait(1);
        }
        return out;
      };
      const start = clock.now();
      const a = await answers(known.login);
      clock.set(start);
      const b = await answers(unknown);
      expect(b).toEqual(a);
      expect(a.map((x: any) => x[0])).toEqual([401, 401, 401, 401, 401, 429, 429, 401]);
    },
    HEAVY,
  );

  it(
    "the sign-in form without JavaScript shows the wait in words",
    async () => {
      const p = await registerPlayer();
      for (let i = 0; i < 5; i++) await wrong(new Browser(), p.login, i);
      wait(1);
      await wrong(new Browser(), p.login, 6);
      wait(2);
      await wrong(new Browser(), p.login, 7);
      const b = new Browser();
      const body = new FormData();
      for (const [k, v] of Object.entries({ intent: "login", login: p.login, password: p.password, returnTo: "/gamehall" })) body.append(k, v);
      const posted = b.keep(await send("/auth", { method: "POST", body, headers: { origin: ORIGIN, ...b.headers() }, redirect: "manual" }));
      expect(posted.status).toBe(302);
      const page = await send(posted.headers.get("location")!, { headers: b.headers(), redirect: "manual" });
      expect(await page.text()).toContain("Too many attempts. Try again in 4 seconds.");
    },
    HEAVY,
  );

  it("a new window starts when the old one has passed", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 4; i++) await wrong(new Browser(), p.login, i);
    wait(60 * 60 + 1);
    for (let i = 0; i < 4; i++) await wrong(new Browser(), p.login, i);
    expect((await data(signIn(new Browser(), p))).uid).toBe(p.uid);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const p = await registerPlayer();
    for (let i = 0; i < 4; i++) await wrong(new Browser(), p.login, i);
    await data(signIn(new Browser(), p));
    for (let i = 0; i < 4; i++) await wrong(new Browser(), p.login, i);
    expect((await data(signIn(new Browser(), p))).uid).toBe(p.uid);
  });
});
