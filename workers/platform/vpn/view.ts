import type { VpnPlan, VpnSubscription } from "../../../core/api/contract-vpn";
import { PlatformError } from "../../../core/api/errors";

/** Reading plans and subscriptions, and the VPN shop's refusals (decision 0053). */

export const DAY = 86_400_000;

export interface PlanRow {
  id: number;
  sysname: string;
  days: number;
  devices: number;
  prices: string;
  texts: string;
  is_enabled: number;
}

export interface SubscriptionRow {
  uid: number;
  plan_id: number;
  status: "active" | "ended";
  started_at: number;
  ends_at: number;
  auto_renewal: number;
  access_key: string;
  warned_for: number | null;
}

export type VpnErrorCode = "unknown_plan" | "not_in_currency" | "key_reused" | "no_subscription";

export function vpnError(code: VpnErrorCode, message: string, status: number, field = "plan_id"): PlatformError {
  return new PlatformError("InvalidParameter", message, { status, params: { code }, fields: { [field]: [message] } });
}

/** The plan's price in `currency` (minor units), or null when it is not sold in it. */
export function priceIn(plan: Pick<PlanRow, "prices">, currency: string): number | null {
  const p = (JSON.parse(plan.prices) as Record<string, unknown>)[currency];
  return typeof p === "number" && Number.isSafeInteger(p) && p > 0 ? p : null;
}

export function planView(plan: PlanRow, locale: string, defaultLocale: string, currency: string): VpnPlan {
  const texts = JSON.parse(plan.texts) as Record<string, { title?: string; description?: string }>;
  const t = texts[locale] ?? texts[defaultLocale] ?? Object.values(texts)[0] ?? {};
  const price = priceIn(plan, currency);
  return {
    id: plan.id,
    sysname: plan.sysname,
    title: t.title ?? plan.sysname,
    description: t.description ?? "",
    days: plan.days,
    devices: plan.devices,
    price: price === null ? null : { amount: price, currency },
  };
}

export const readPlan = (db: D1Database, id: number) => db.prepare("SELECT * FROM vpn_plans WHERE id = ?1").bind(id).first<PlanRow>();

export const readSubscriptionRow = (db: D1Database, uid: number) =>
  db.prepare("SELECT * FROM vpn_subscriptions WHERE uid = ?1").bind(uid).first<SubscriptionRow>();

/**
 * The subscription as the player sees it at `now`. An active row whose end has passed without
 * auto-renewal is shown ended already (the clock records it on its next run); one with
 * auto-renewal stays active until the clock renews or ends it.
 */
export function subscriptionView(row: SubscriptionRow | null, plan: VpnPlan | null, now: number): VpnSubscription {
  if (!row) return { status: "none", plan: null, started_at: null, ends_at: null, auto_renewal: false, access_key: null };
  const active = row.status === "active" && (row.ends_at > now || row.auto_renewal === 1);
  return {
    status: active ? "active" : "ended",
    plan,
    started_at: row.started_at,
    ends_at: row.ends_at,
    auto_renewal: row.auto_renewal === 1,
    access_key: active ? row.access_key : null,
  };
}

/** A demo access configuration: a WireGuard-style line naming the demo endpoint and a random key. */
export function newAccessKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `wg://vpn.playfront.demo:51820?key=${btoa(String.fromCharCode(...bytes))}`;
}
