import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Player } from "./auth-helpers";
import { data, ORIGIN, send } from "./helpers";
import { playerDb } from "./player-db";

/** Shared by the cashier-*.test.ts files: deposits through the demo payment page, as a browser makes them. */

let keys = 0;
export const newKey = () => `test-key-${Date.now().toString(36)}-${++keys}`;

export interface Started {
  transaction_id: string;
  status: string;
  flow: string;
  redirect_url: string;
}

export function startDeposit(p: Player, fields: Record<string, string | number | undefined> = {}): Promise<Started> {
  return data<Started>(p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: newKey(), ...fields }));
}

/** GETs the payment page the deposit answered, with the player's cookies. */
export async function openPage(p: Player, redirectUrl: string): Promise<Response> {
  return send(new URL(redirectUrl, ORIGIN).href, { headers: p.browser.headers() });
}

/** Submits an outcome button of the payment page (form POST from the page). */
export async function choose(p: Player, redirectUrl: string, outcome: string, sig?: string): Promise<Response> {
  const url = new URL(redirectUrl, ORIGIN);
  const body = new URLSearchParams({ sig: sig ?? url.searchParams.get("sig") ?? "", outcome });
  return send(new URL(url.pathname, ORIGIN).href, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { ...p.browser.headers(), origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });
}

/** A deposit paid on the page with `outcome`; answers the transaction id and the redirect it got. */
export async function depositWith(p: Player, outcome: string, fields: Record<string, string | number | undefined> = {}) {
  const started = await startDeposit(p, fields);
  const res = await choose(p, started.redirect_url, outcome);
  expect(res.status).toBe(303);
  return { id: started.transaction_id, location: res.headers.get("location"), started };
}

export const mainBalance = async (p: Player): Promise<number> =>
  (await data<{ balance_main: { amount: number } }>(p.browser.get("account/getBalance"))).balance_main.amount;

export const confirmEmail = (uid: number) => env.DB.prepare("UPDATE contacts SET is_confirmed = 1 WHERE uid = ?1 AND type = 'email'").bind(uid).run();

/** The name and date of birth a withdrawal needs (cashier.makewithdrawal's UserNeedProfileData). */
export const fillWithdrawalProfile = (uid: number) =>
  env.DB.prepare("UPDATE users SET first_name = 'Ann', last_name = 'Lee', birth_date = '1990-01-02' WHERE uid = ?1").bind(uid).run();

/** What a withdrawal asks before anything about money: a confirmed email, the name and date of birth. */
export async function readyToWithdraw(uid: number): Promise<void> {
  await confirmEmail(uid);
  await fillWithdrawalProfile(uid);
}

export const txRow = (uid: number, id: string) =>
  playerDb(uid).prepare("SELECT * FROM cashier_transactions WHERE id = ?1").bind(id).first<Record<string, any>>();
