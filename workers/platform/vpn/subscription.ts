import type { VpnPlan, VpnSubscription } from "../../../core/api/contract-vpn";
import { publish } from "../../realtime/publish";
import type { PlatformContext } from "../core/context";
import { readerCurrency } from "../wallet/currency";
import { planView, readPlan, readSubscriptionRow, subscriptionView, vpnError, type PlanRow } from "./view";

/** vpn.getShop, vpn.getSubscription, vpn.setAutoRenewalSubscription (decision 0053). */

export async function getShop(ctx: PlatformContext): Promise<{ items: VpnPlan[] }> {
  const currency = await readerCurrency(ctx);
  const { results } = await ctx.db.prepare("SELECT * FROM vpn_plans WHERE is_enabled = 1 ORDER BY position, id").all<PlanRow>();
  return { items: results.map((p) => planView(p, ctx.locale, ctx.defaultLocale, currency)) };
}

export async function readSubscription(ctx: PlatformContext): Promise<VpnSubscription> {
  const row = await readSubscriptionRow(ctx.player(), ctx.uid);
  if (!row) return subscriptionView(null, null, Date.now());
  const plan = await readPlan(ctx.db, row.plan_id);
  const view = plan ? planView(plan, ctx.locale, ctx.defaultLocale, await readerCurrency(ctx)) : null;
  return subscriptionView(row, view, Date.now());
}

/**
 * Turns auto-renewal on or off; an actual change publishes auto_renewal_activated/_deactivated
 * (a repeat changes nothing and tells nothing) and clears the end's warnings, so the clock tells
 * the warning that fits the new setting (ends soon, or renews soon).
 */
export async function setAutoRenewal(ctx: PlatformContext, enabled: boolean): Promise<VpnSubscription> {
  const flag = enabled ? 1 : 0;
  const changed = await ctx
    .player()
    .prepare(
      `UPDATE vpn_subscriptions SET auto_renewal = ?2, warned_for = NULL, updated_at = ?3
       WHERE uid = ?1 AND status = 'active' AND (ends_at > ?3 OR auto_renewal = 1) AND auto_renewal <> ?2 RETURNING ends_at`,
    )
    .bind(ctx.uid, flag, Date.now())
    .first<{ ends_at: number }>();
  const view = await readSubscription(ctx);
  if (changed) {
    ctx.waitUntil(publish(ctx.env, ctx.uid, enabled ? "auto_renewal_activated" : "auto_renewal_deactivated", { ends_at: changed.ends_at }));
  } else if (view.status !== "active") {
    throw vpnError("no_subscription", "There is no active VPN subscription", 409, "enabled");
  }
  return view;
}
