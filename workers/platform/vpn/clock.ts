import { PlatformError } from "../../../core/api/errors";
import { publish } from "../../realtime/publish";
import { playerTables } from "../player/routed-d1";
import { moveMoneyWith, type MoneyDeps } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { extendStatement } from "./buy";
import { DAY, priceIn, type PlanRow, type SubscriptionRow } from "./view";

/**
 * The VPN clock (decision 0053), from `scheduled()` (and the demo hook at a chosen time):
 * - a subscription ending within 24 h is warned once per end (warned_for = ends_at, a guarded
 *   UPDATE): `subscription_ends_soon` without auto-renewal; with it `auto_renewal_soon`, and
 *   `vpn.low_balance` when the main balance does not cover the renewal;
 * - at its end it renews (debit + a new period in one batch, key `vpn-renew:<uid>:<end>`, so a
 *   repeated run renews once; `subscription_activated`) when auto-renewal is on and the money is
 *   there, else it ends (`subscription_ended`, by a guarded status UPDATE: once).
 * A run is player `uid`'s (their clock, player/clock-run.ts; the demo hook, so a test moves only its own time).
 */

/** Subscriptions one run handles at most per step (a Worker invocation's subrequests are limited). */
const BATCH = 100;

interface Due extends SubscriptionRow {
  currency: string;
}

export async function runVpnClock(deps: MoneyDeps, now: number, uid: number): Promise<{ warned: number; renewed: number; ended: number }> {
  // The player's own tables (decision 0075).
  const db = playerTables(deps.env, uid);
  const only = "AND uid = ?3";
  const scope = (s: D1PreparedStatement, ...a: unknown[]) => s.bind(...a, uid);

  // Ends first: a subscription whose warning time and end both passed since the last run ends (or renews) without a warning.
  let renewed = 0;
  let ended = 0;
  const { results: due } = await scope(
    db.prepare(
      `SELECT s.*, u.currency FROM vpn_subscriptions s JOIN users u ON u.uid = s.uid WHERE s.status = 'active' AND s.ends_at <= ?1 ${only.replace("uid", "s.uid")} ORDER BY s.ends_at LIMIT ?2`,
    ),
    now,
    BATCH,
  ).all<Due>();
  for (const s of due) {
    if (s.auto_renewal === 1 && (await renew(deps, s, now))) renewed++;
    else if (await end(deps, s)) ended++;
  }

  const { results: soon } = await scope(
    db.prepare(
      `UPDATE vpn_subscriptions SET warned_for = ends_at
       WHERE status = 'active' AND ends_at > ?1 AND ends_at <= ?1 + ${DAY} AND warned_for IS NOT ends_at ${only}
         AND uid IN (SELECT uid FROM vpn_subscriptions WHERE status = 'active' AND ends_at > ?1 AND ends_at <= ?1 + ${DAY} AND warned_for IS NOT ends_at ORDER BY ends_at LIMIT ?2)
       RETURNING uid, plan_id, ends_at, auto_renewal`,
    ),
    now,
    BATCH,
  ).all<Pick<SubscriptionRow, "uid" | "plan_id" | "ends_at" | "auto_renewal">>();
  for (const s of soon) {
    const data = { plan_id: s.plan_id, ends_at: s.ends_at };
    if (s.auto_renewal !== 1) {
      deps.waitUntil(publish(deps.env, s.uid, "subscription_ends_soon", data));
      continue;
    }
    deps.waitUntil(publish(deps.env, s.uid, "auto_renewal_soon", data));
    const cost = await playerTables(deps.env, s.uid)
      .prepare(
        `SELECT p.prices, u.currency, COALESCE((SELECT amount FROM balances b WHERE b.uid = u.uid AND b.kind = 'main'), 0) AS main
         FROM vpn_plans p, users u WHERE p.id = ?1 AND u.uid = ?2`,
      )
      .bind(s.plan_id, s.uid)
      .first<{ prices: string; currency: string; main: number }>();
    const price = cost ? priceIn(cost, cost.currency) : null;
    if (cost && price !== null && cost.main < price) {
      deps.waitUntil(publish(deps.env, s.uid, "vpn.low_balance", { ...data, price: { amount: price, currency: cost.currency } }));
    }
  }
  return { warned: soon.length, renewed, ended };
}

/**
 * Pays the next period of the plan; false when it could not (no price, plan gone, not enough
 * money). It starts at the end, or now when the clock comes late (nobody pays for time gone by).
 */
async function renew(deps: MoneyDeps, s: Due, now: number): Promise<boolean> {
  const plan = await deps.db.prepare("SELECT * FROM vpn_plans WHERE id = ?1").bind(s.plan_id).first<PlanRow>();
  // The player's tables (decision 0075): the period, the subscription and the debit in one batch there.
  const db = playerTables(deps.env, s.uid);
  const price = plan?.is_enabled ? priceIn(plan, s.currency) : null;
  if (!plan || price === null) return false;
  const id = crypto.randomUUID();
  const key = `vpn-renew:${s.uid}:${s.ends_at}`;
  const statements = [
    // Only while the subscription still ends where this run read it, with auto-renewal on.
    db
      .prepare(
        `INSERT INTO vpn_periods (id, uid, plan_id, reason, key, amount, currency, starts_at, ends_at, created_at)
         SELECT ?1, uid, plan_id, 'renewal', ?2, ?3, ?4, MAX(ends_at, ?9), MAX(ends_at, ?9) + ?5, ?6 FROM vpn_subscriptions
         WHERE uid = ?7 AND status = 'active' AND auto_renewal = 1 AND ends_at = ?8 ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(id, key, price, s.currency, plan.days * DAY, Date.now(), s.uid, s.ends_at, now),
    extendStatement(db, id, null, ""),
  ];
  const op = planOperation(
    db,
    { uid: s.uid, key, type: "vpn_renewal", reference: id, changes: [{ kind: "main", delta: -price }] },
    { sql: "EXISTS (SELECT 1 FROM vpn_periods WHERE id = ?1)", params: [id] },
  );
  try {
    const { applied } = await moveMoneyWith({ ...deps, db }, statements, op);
    if (!applied) return false;
  } catch (e) {
    if (e instanceof PlatformError && e.type === "BillingTransactionDeclinedException") return false;
    throw e;
  }
  deps.waitUntil(publish(deps.env, s.uid, "subscription_activated", { plan_id: plan.id, ends_at: Math.max(s.ends_at, now) + plan.days * DAY, renewed: true }));
  return true;
}

async function end(deps: MoneyDeps, s: Due): Promise<boolean> {
  const done = await playerTables(deps.env, s.uid)
    .prepare("UPDATE vpn_subscriptions SET status = 'ended', updated_at = ?3 WHERE uid = ?1 AND status = 'active' AND ends_at = ?2 RETURNING uid")
    .bind(s.uid, s.ends_at, Date.now())
    .first();
  if (done) deps.waitUntil(publish(deps.env, s.uid, "subscription_ended", { plan_id: s.plan_id, ends_at: s.ends_at }));
  return !!done;
}
