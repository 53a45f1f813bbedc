import { env } from "cloudflare:workers";
import { afterEach, beforeEach, expect } from "vitest";
import type { AuthType } from "../../core/validation/registration-form";
import personalData from "../../migrations/seed/personal-data.json";
import { TOTP_PERIOD_SECONDS, totpAt, totpStep } from "../../workers/platform/auth/totp";
import { totpClock } from "../../workers/platform/auth/two-factor";
import { data, get, post } from "./helpers";

/** Shared by the auth*.test.ts and account-player*.test.ts files: a browser with a cookie jar. */

let ipCounter = 0;
/** A fresh client address per browser, so one test's failed sign-ins never throttle another's. */
export const nextIp = () => `2001:db8::${(++ipCounter).toString(16)}`;

let userCounter = 0;
export const uniqueName = (prefix = "player") => `${prefix}${Date.now().toString(36)}${++userCounter}`;

type Params = Record<string, string | number | undefined>;

/** Keeps the cookies the Worker sets and sends them back, as a browser does. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly ip = nextIp(),
    readonly userAgent = "",
  ) {}

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get session(): string | undefined {
    return this.cookies.get("pf_session");
  }

  headers(): Record<string, string> {
    return {
      "cf-connecting-ip": this.ip,
      ...(this.userAgent ? { "user-agent": this.userAgent } : {}),
      ...(this.cookies.size ? { cookie: this.cookie } : {}),
    };
  }

  keep(res: Response): Response {
    for (const header of res.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      if (/Max-Age=0\b/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
    return res;
  }

  async get(path: string, query: Params = {}): Promise<Response> {
    return this.keep(await get(path, query, this.headers()));
  }

  async post(path: string, fields: Params = {}): Promise<Response> {
    return this.keep(await post(path, fields, this.headers()));
  }

  /** A second browser that holds a copy of this one's cookies (a stolen or old cookie). */
  clone(): Browser {
    const b = new Browser(this.ip);
    for (const [k, v] of this.cookies) b.cookies.set(k, v);
    return b;
  }
}

export const PASSWORD = "S3cret!pass";

export interface Player {
  browser: Browser;
  login: string;
  email: string;
  password: string;
  uid: number;
}

const firstRegion = (code: string) => personalData.countries.find((c) => c.code === code)!.regions[0]!.id;

/**
 * What the seeded site's registration forms require of a US player besides the login or email,
 * the password and the terms (auth.register enforces them): the currency, the country and its
 * region (the first of the US's).
 */
export const US_PLAYER = { currency: "USD", country_code: "US", region: firstRegion("US") } as const;

let phoneCounter = 0;
const PERSON = { first_name: "Test", last_name: "Player", birth_date: "1990-04-15" };
/** What other seeded countries' forms require (migrations/seed/personal-data.json), for the tests that register there. */
const COUNTRY_FIELDS: Record<string, () => Params> = {
  BR: () => ({
    ...PERSON,
    region: firstRegion("BR"),
    document_type: "cpf",
    document_number: "123.456.789-09",
    phone: `5511${String(900_000_000 + ++phoneCounter)}`,
  }),
  DE: () => ({ ...PERSON, home_town: "Berlin", address: "Hauptstrasse 1", postcode: "10115" }),
  ES: () => ({ ...PERSON, region: firstRegion("ES"), postcode: "28013", document_type: "dni", document_number: "12345678Z" }),
  GB: () => ({ ...PERSON, home_town: "London", address: "1 High Street", postcode: "SW1A 1AA" }),
  PT: () => ({ ...PERSON, postcode: "1000-001", document_type: "cc", document_number: "123456789ZZ1" }),
};

/**
 * Registers a player through auth.register and keeps them signed in: a complete registration
 * (a US one unless `fields` name another country), `fields` winning over every default.
 */
export async function registerPlayer(fields: Params = {}, browser = new Browser()): Promise<Player> {
  const login = String(fields.login ?? uniqueName());
  const email = String(fields.email ?? `${login}@example.com`).toLowerCase();
  const password = String(fields.password ?? PASSWORD);
  const country = fields.country_code === undefined ? US_PLAYER : { currency: US_PLAYER.currency, ...COUNTRY_FIELDS[String(fields.country_code)]?.() };
  const info = await data(browser.post("auth/register", { login, email, password, terms: "1", ...country, ...fields }));
  expect(info.uid).toBeGreaterThan(0);
  // Registration mails the email's confirmation code (auth-register.test.ts checks it); the
  // player starts the other tests with an empty mailbox and no code waiting.
  await env.DB.batch([
    env.DB.prepare("DELETE FROM contact_codes WHERE uid = ?1").bind(info.uid),
    env.DB.prepare("DELETE FROM outbox WHERE recipient = ?1").bind(email),
  ]);
  return { browser, login, email, password, uid: info.uid };
}

/** Runs `fn` while the site offers these registration types (every locale's CMS config), then restores the config. */
export async function withAuthTypes<T>(authTypes: AuthType[], fn: () => Promise<T>): Promise<T> {
  const rows = (await env.DB.prepare("SELECT locale, config FROM cms_configs").all<{ locale: string; config: string }>()).results;
  const update = env.DB.prepare("UPDATE cms_configs SET config = ?2 WHERE locale = ?1");
  const changed = (config: string) => JSON.stringify({ ...JSON.parse(config), auth: { ...JSON.parse(config).auth, authTypes } });
  await env.DB.batch(rows.map((r) => update.bind(r.locale, changed(r.config))));
  try {
    return await fn();
  } finally {
    await env.DB.batch(rows.map((r) => update.bind(r.locale, r.config)));
  }
}

/** Registration types a test site may offer (the seeded one offers fast, full and social). */
export const FAST: AuthType = { id: "fast", label: "Quick", type: "fast" };
export const FULL: AuthType = { id: "full", label: "Full", type: "full" };
export const BY_EMAIL: AuthType = { id: "email", label: "Email", type: "form", field: "email" };
export const BY_PHONE: AuthType = { id: "phone", label: "Phone", type: "form", field: "mobile" };
export const uid = async (b: Browser): Promise<number> => (await data(b.get("account/getInfo"))).uid;

let totpFrozen = false;

/**
 * Holds the server's authenticator clock (two-factor.ts totpClock) in the middle of the current
 * step for each test of the calling file: a code made by codeAt is checked in the step it was made
 * for, however slow the machine, and no test waits for the next step.
 */
export function frozenTotpClock(): void {
  beforeEach(() => {
    const middle = totpStep(Date.now()) * TOTP_PERIOD_SECONDS * 1000 + (TOTP_PERIOD_SECONDS * 1000) / 2;
    totpClock.now = () => middle;
    totpFrozen = true;
  });
  afterEach(() => {
    totpClock.now = () => Date.now();
    totpFrozen = false;
  });
}

/** The code of the step `offset` steps from the server's now (0: the current one); the file holds the clock with frozenTotpClock(). */
export async function codeAt(secret: string, offset = 0): Promise<string> {
  if (!totpFrozen) throw new Error("codeAt needs frozenTotpClock() in the test file");
  return totpAt(secret, totpStep(totpClock.now()) + offset);
}

/** A six-digit code that is valid for no step in the ±1 window. */
export async function wrongCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-2, -1, 0, 1, 2].map((d) => codeAt(secret, d))));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const c = String(n).padStart(6, "0");
    if (!valid.has(c)) return c;
  }
}

/** Turns two-factor on for a signed-in player; answers the secret. */
export async function enableTwoFactor(p: Player): Promise<string> {
  const setup = await data<{ secret: string; uri: string }>(p.browser.post("account/changeTwoFactorAuth", { enable: "1" }));
  expect(await data(p.browser.post("account/confirmTwoFactorAuth", { code: await codeAt(setup.secret) }))).toBe(1);
  return setup.secret;
}

/** Forgets the used steps of a player, so the next test may use the current code again. */
export const forgetUsedCodes = (uid: number) => env.DB.prepare("DELETE FROM used_totp WHERE uid = ?1").bind(uid).run();

export const sessionRows = async (uid: number) =>
  (await env.DB.prepare("SELECT * FROM sessions WHERE uid = ?1 ORDER BY created_at").bind(uid).all<Record<string, number | string>>()).results;
