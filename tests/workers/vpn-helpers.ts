import { env } from "cloudflare:workers";
import { VPN_EVENTS } from "../../core/api/contract-vpn";
import { publish } from "../../workers/realtime/publish";
import type { Player } from "./auth-helpers";
import type { Client } from "./realtime-helpers";
import { playerDb } from "./player-db";

/** Helpers of the VPN shop's tests (decision 0053). */

export const DAY = 86_400_000;
let keys = 0;
export const vpnKey = () => `vpn-${Date.now().toString(36)}-${++keys}`;

export const planId = async (sysname: string) => (await env.DB.prepare("SELECT id FROM vpn_plans WHERE sysname = ?1").bind(sysname).first<number>("id"))!;

export const buy = (p: Player, plan: number, fields: Record<string, string | number> = {}) =>
  p.browser.post("vpn/createSubscription", { plan_id: plan, key: vpnKey(), ...fields });

export const subscriptionRow = (uid: number) => playerDb(uid).prepare("SELECT * FROM vpn_subscriptions WHERE uid = ?1").bind(uid).first<Record<string, any>>();

export const periodsOf = async (uid: number) =>
  (await playerDb(uid).prepare("SELECT * FROM vpn_periods WHERE uid = ?1 ORDER BY starts_at").bind(uid).all<Record<string, any>>()).results;

/** Every VPN payment is a period and every period a payment: Σ ledger = −Σ periods' amounts. */
export async function checkVpnLedger(uid: number): Promise<void> {
  const paid = await playerDb(uid)
    .prepare("SELECT COALESCE(SUM(-delta), 0) AS n FROM ledger WHERE uid = ?1 AND type IN ('vpn_purchase', 'vpn_renewal')")
    .bind(uid)
    .first<number>("n");
  const periods = await playerDb(uid).prepare("SELECT COALESCE(SUM(amount), 0) AS n FROM vpn_periods WHERE uid = ?1").bind(uid).first<number>("n");
  if (paid !== periods) throw new Error(`VPN ledger ${paid} ≠ periods ${periods}`);
}

/**
 * The VPN events the player's channel carried up to now: a sentinel published last arrives after
 * everything published before it (one channel keeps order), so what came before it is all there is.
 */
export async function vpnEventsSoFar(client: Client, uid: number): Promise<{ event: string; data: any }[]> {
  const sentinel = `test.sentinel.${++keys}`;
  await publish(env, uid, sentinel, {});
  const seen: any[] = [];
  for (let m = await client.next(); m.event !== sentinel; m = await client.next()) seen.push(m);
  return seen.filter((m) => (VPN_EVENTS as readonly string[]).includes(m.event)).map((m) => ({ event: m.event, data: m.data }));
}
