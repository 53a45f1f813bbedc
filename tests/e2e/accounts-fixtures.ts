import type { APIRequestContext, Page } from "@playwright/test";
import { absolute, clientAddress, expect, tr } from "./fixtures";

/** Account helpers shared by the authentication specs. */

export const PASSWORD = "Sup3r-secret!";

/** An email no other test run uses. */
export const unique = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The site's origin, as the Origin header of an /api write. */
export const origin = () => absolute("/").replace(/\/$/, "");

/** The open dialog (the authentication popup and the others). */
export const popup = (page: Page) => page.getByRole("dialog");

/**
 * What the seeded site's registration forms require of a US player besides the email, password
 * and terms (auth.register enforces them): the currency, the country and its first region
 * (migrations/seed/personal-data.json).
 */
export const US_PLAYER = { currency: "USD", country_code: "US", region: "AL" } as const;

/**
 * Registers through the /api contract, as another client would (cookies stay in `request`): a
 * complete US registration unless `extra` says otherwise (another country brings its own fields).
 * Each such player comes from an address of its own (`clientAddress`): the platform allows 5 new
 * accounts an hour per address (decision 0061), and fixtures register far more than that.
 */
export async function registerByApi(request: APIRequestContext, email: string, extra: Record<string, string> = {}) {
  const country = extra.country_code === undefined ? US_PLAYER : { currency: US_PLAYER.currency };
  const res = await request.post("/api/auth/register", {
    multipart: { email, password: PASSWORD, terms: "1", ...country, ...extra },
    headers: { origin: origin(), "cf-connecting-ip": clientAddress() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Every sign-in records the `login` event the seeded weekend-reload campaign popup follows
 * (decision 0045), so after one the player's pages show it until it is closed. A spec about
 * something else closes it up front, as the popup's own close does (promotions.spec.ts tests it).
 */
export async function closeLoginCampaignPopup(request: APIRequestContext) {
  const res = await request.post("/api/events/handle", {
    multipart: { event_name: "popup_closed", event_params: JSON.stringify({ sysname: "weekend-reload" }) },
    headers: { origin: origin() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Starts a demo-card deposit of `amount` minor units through the /api contract; answers its payment page's address. */
export async function startDemoDeposit(request: APIRequestContext, amount: number): Promise<string> {
  const res = await request.post("/api/cashier/makedeposit", {
    multipart: { method: "demo_card", amount: String(amount), idempotency_key: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    headers: { origin: origin() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.redirect_url as string;
}

/**
 * Funds the signed-in player without opening the demo payment page: starts the deposit through
 * the /api contract, then answers "success" on the provider's own endpoint with the page's
 * signature, as the page's form would. For a test whose subject is not the payment page (that
 * page's walk is proved in demo-payment.spec.ts and cashier.spec.ts). Answers the result page's address.
 */
export async function payDemoDeposit(request: APIRequestContext, amount: number): Promise<string> {
  const page = new URL(await startDemoDeposit(request, amount), origin());
  const res = await request.post(page.pathname, {
    form: { sig: page.searchParams.get("sig") ?? "", outcome: "success" },
    headers: { origin: origin() },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(303);
  const result = res.headers()["location"] ?? "";
  expect(result).toMatch(/\/paysuccess\//);
  return result;
}

/** "Not now" to the UK's offer of a deposit limit before the first deposit (issue 40), for a test whose player deposits by API. */
export async function declineLimitPrompt(request: APIRequestContext): Promise<void> {
  const res = await request.post("/api/account/declineLimitPrompt", { multipart: {}, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Funds the signed-in player through the demo payment page: `amount` in minor units, paid at once. */
export async function demoDeposit(page: Page, amount: number) {
  await page.goto(await startDemoDeposit(page.request, amount));
  await page.getByRole("button", { name: /success/i }).click();
}

/** The six-digit code of the newest message the demo mailbox holds for `to` (an email, or a phone's international digits). */
export async function mailedCode(request: APIRequestContext, to: string): Promise<string> {
  const res = await request.get(`/platform/demo/mailbox?format=json&to=${encodeURIComponent(to)}`);
  const [mail] = (await res.json()).items as { text: string }[];
  expect(mail, `a message to ${to}`).toBeDefined();
  return /\b(\d{6})\b/.exec(mail!.text)![1]!;
}

/** Fills the withdraw page's form for a demo-card withdrawal of `amount` whole units and submits it. */
export async function submitWithdrawal(page: Page, { amount = "20", holder = "Ana Silva", currency = "USD" } = {}): Promise<void> {
  await page.getByLabel(tr("cashier.amount.label", { currency })).fill(amount);
  await page.getByLabel(tr("cashier.fields.card_number")).fill("4111 1111 1111 1111");
  await page.getByLabel(tr("cashier.fields.card_holder")).fill(holder);
  await page.getByRole("button", { name: tr("cashier.withdraw.submit") }).click();
}

/** What a withdrawal asks before money: the email confirmed (by the mailed code) and the name and date of birth. */
export async function readyToWithdraw(request: APIRequestContext, email: string): Promise<void> {
  const confirm = await request.post("/api/account/confirmContact", {
    multipart: { contact: email, code: await mailedCode(request, email) },
    headers: { origin: origin() },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  const named = await request.post("/api/account/saveProfileInfo", {
    multipart: { first_name: "Ana", last_name: "Silva", birth_date: "1991-04-12" },
    headers: { origin: origin() },
  });
  expect(named.status(), await named.text()).toBe(200);
}
