import type { VpnSubscription } from "../../../core/api/contract-vpn";
import { publish } from "../../realtime/publish";
import type { PlatformContext } from "../core/context";
import { readerCurrency } from "../wallet/currency";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { readSubscription } from "./subscription";
import { DAY, newAccessKey, priceIn, readPlan, vpnError } from "./view";

/**
 * vpn.createSubscription (decision 0053). One batch: the paid period (the ledger row; its INSERT
 * is the gate, once per (uid, key)), the subscription moved to the period's end, and the wallet's
 * debit of the main balance guarded on that period — an overdraft declines the whole batch, so
 * time is bought exactly when money is paid. The period starts at the current end while a
 * subscription is active (buying again extends it; the new plan applies from then on), else now;
 * both are read inside the transaction, so two purchases at once extend one after the other.
 */
export async function createSubscription(ctx: PlatformContext, order: { plan_id: number; auto_renewal: boolean; key: string }): Promise<VpnSubscription> {
  // The player's tables (decision 0075); the plan is read on ctx.db.
  const db = ctx.player();
  const earlier = await findPeriod(db, ctx.uid, "key", order.key);
  if (earlier) return replay(ctx, earlier, order.plan_id);
  const plan = await readPlan(ctx.db, order.plan_id);
  if (!plan?.is_enabled) throw vpnError("unknown_plan", "No such VPN plan", 404);
  const currency = await readerCurrency(ctx);
  const price = priceIn(plan, currency);
  if (price === null) throw vpnError("not_in_currency", `This plan is not sold in ${currency}`, 400);

  const id = crypto.randomUUID();
  const now = Date.now();
  const statements = [
    db
      .prepare(
        `INSERT INTO vpn_periods (id, uid, plan_id, reason, key, amount, currency, starts_at, ends_at, created_at)
         SELECT ?1, ?2, ?3, 'purchase', ?4, ?5, ?6, s.start, s.start + ?7, ?8
         FROM (SELECT MAX(?8, COALESCE((SELECT ends_at FROM vpn_subscriptions WHERE uid = ?2 AND status = 'active'), ?8)) AS start) s
         WHERE 1 ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(id, ctx.uid, plan.id, order.key, price, currency, plan.days * DAY, now),
    extendStatement(db, id, order.auto_renewal ? 1 : 0, newAccessKey()),
  ];
  const plan_ = planOperation(
    db,
    { uid: ctx.uid, key: `vpn-buy:${id}`, type: "vpn_purchase", reference: id, changes: [{ kind: "main", delta: -price }] },
    { sql: "EXISTS (SELECT 1 FROM vpn_periods WHERE id = ?1)", params: [id] },
  );
  await moveMoneyWith({ ...ctx, db }, statements, plan_);

  const bought = await findPeriod(db, ctx.uid, "id", id);
  if (!bought) {
    const raced = await findPeriod(db, ctx.uid, "key", order.key);
    if (raced) return replay(ctx, raced, order.plan_id);
    throw new Error("The VPN purchase neither applied nor exists");
  }
  ctx.waitUntil(publish(ctx.env, ctx.uid, "subscription_activated", { plan_id: plan.id, ends_at: bought.ends_at }));
  return readSubscription(ctx);
}

/**
 * Moves the player's subscription to the end of period `?1` (purchase or renewal): a new or
 * ended one starts with it (and gets a fresh access key), an active one keeps its start and key.
 * A new period end needs its warnings again (warned_for cleared).
 */
export function extendStatement(db: D1Database, periodId: string, autoRenewal: number | null, accessKey: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO vpn_subscriptions (uid, plan_id, status, started_at, ends_at, auto_renewal, access_key, warned_for, updated_at)
       SELECT uid, plan_id, 'active', starts_at, ends_at, COALESCE(?2, 0), ?3, NULL, created_at FROM vpn_periods WHERE id = ?1
       ON CONFLICT (uid) DO UPDATE SET
         started_at = CASE WHEN vpn_subscriptions.status = 'active' THEN vpn_subscriptions.started_at ELSE excluded.started_at END,
         access_key = CASE WHEN vpn_subscriptions.status = 'active' THEN vpn_subscriptions.access_key ELSE excluded.access_key END,
         auto_renewal = COALESCE(?2, vpn_subscriptions.auto_renewal),
         plan_id = excluded.plan_id, status = 'active', ends_at = excluded.ends_at, warned_for = NULL, updated_at = excluded.updated_at`,
    )
    .bind(periodId, autoRenewal, accessKey);
}

interface Period {
  id: string;
  plan_id: number;
  ends_at: number;
}

const findPeriod = (db: D1Database, uid: number, column: "id" | "key", value: string) =>
  db.prepare(`SELECT id, plan_id, ends_at FROM vpn_periods WHERE uid = ?1 AND ${column} = ?2`).bind(uid, value).first<Period>();

async function replay(ctx: PlatformContext, period: Period, planId: number): Promise<VpnSubscription> {
  if (period.plan_id !== planId) throw vpnError("key_reused", "This key was used for another purchase", 400, "key");
  return readSubscription(ctx);
}
