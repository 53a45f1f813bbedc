import { PlatformError } from "../../../core/api/errors";
import type { Handlers, PlatformContext } from "../core/context";
import { randomHex } from "../core/bytes";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { CASHBACK_SELECT, cashbackView, claimOver, type CashbackRow } from "./view";

/**
 * The cashback methods (decision 0040). A payout is one batch: the status UPDATE writes a fresh
 * `change_token` and the wallet operation's guard checks that the cashback carries it, so the main
 * balance is credited exactly when the status became paid_out — once, however many requests race.
 */

type CashbackMethods = "cashbacks.get" | "cashbacks.payout" | "cashbacks.remove";

const noSuchCashback = () => new PlatformError("InvalidParameter", "No such cashback", { fields: { cashback_id: ["No such cashback"] } });
const alreadyPaid = () =>
  new PlatformError("InvalidParameter", "This cashback has been paid out already", {
    fields: { cashback_id: ["This cashback has been paid out already"] },
    params: { reason: "paid_out" },
  });
const claimExpired = () => new PlatformError("InvalidRequest", "The time to claim this cashback is over", { status: 409, params: { reason: "claim_expired" } });

async function loadCashback(ctx: PlatformContext, id: string): Promise<CashbackRow | null> {
  return ctx.player().prepare(`${CASHBACK_SELECT} WHERE c.id = ?1 AND c.uid = ?2 AND c.status <> 'removed'`).bind(id, ctx.uid).first<CashbackRow>();
}

const view = (ctx: PlatformContext, row: CashbackRow, description = true) =>
  cashbackView(row, { locale: ctx.locale, defaultLocale: ctx.defaultLocale, description, now: Date.now() });

const ORDER_BY = { end_date: "c.end_date", amount: "c.amount" } as const;

export const cashbackHandlers: Handlers<CashbackMethods> = {
  async "cashbacks.get"({ count, sort, order, statuses, fields }, ctx) {
    const wanted = statuses?.length ? statuses : ["active", "paid_out"];
    const direction = order === "asc" ? "ASC" : "DESC";
    const where = "c.uid = ?1 AND c.status IN (SELECT value FROM json_each(?2))";
    const db = ctx.player();
    const [rows, total] = await db.batch([
      db
        .prepare(`${CASHBACK_SELECT} WHERE ${where} ORDER BY ${ORDER_BY[sort]} ${direction}, c.end_date ${direction}, c.id LIMIT ?3`)
        .bind(ctx.uid, JSON.stringify(wanted), count),
      db.prepare(`SELECT COUNT(*) AS n FROM player_cashbacks c WHERE ${where}`).bind(ctx.uid, JSON.stringify(wanted)),
    ]);
    const description = fields?.includes("description") ?? false;
    return {
      items: (rows!.results as unknown as CashbackRow[]).map((r) => view(ctx, r, description)),
      count: (total!.results[0] as { n: number }).n,
    };
  },

  async "cashbacks.payout"({ cashback_id }, ctx) {
    const now = Date.now();
    const cashback = await loadCashback(ctx, cashback_id);
    if (!cashback) throw noSuchCashback();
    if (cashback.status === "paid_out") throw alreadyPaid();
    if (claimOver(cashback, now)) throw claimExpired();
    const token = randomHex(16);
    const db = ctx.player();
    const pay = db
      .prepare(
        `UPDATE player_cashbacks SET status = 'paid_out', finished_at = ?3, change_token = ?4
         WHERE id = ?1 AND uid = ?2 AND status = 'active' AND (receiving_expired_at IS NULL OR receiving_expired_at > ?3)`,
      )
      .bind(cashback.id, ctx.uid, now, token);
    const plan = planOperation(
      db,
      { uid: ctx.uid, key: `cashback:${cashback.id}`, type: "cashback", reference: cashback.id, changes: [{ kind: "main", delta: cashback.amount }] },
      { sql: "EXISTS (SELECT 1 FROM player_cashbacks WHERE id = ?1 AND status = 'paid_out' AND change_token = ?2)", params: [cashback.id, token] },
    );
    const event = db
      .prepare(
        `INSERT INTO cashback_events (cashback_id, uid, event, amount, operation_id, created_at)
         SELECT ?1, ?2, 'paid_out', ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM player_cashbacks WHERE id = ?1 AND change_token = ?6)`,
      )
      .bind(cashback.id, ctx.uid, cashback.amount, plan.id, now, token);
    await moveMoneyWith({ ...ctx, db }, [pay, event], plan);
    // Only the request whose token the cashback carries paid it (a concurrent one changed nothing).
    const after = await loadCashback(ctx, cashback.id);
    if (!after) throw noSuchCashback();
    if (after.change_token !== token) throw after.status === "paid_out" ? alreadyPaid() : claimOver(after, Date.now()) ? claimExpired() : noSuchCashback();
    return view(ctx, after);
  },

  async "cashbacks.remove"({ cashback_id }, ctx) {
    const now = Date.now();
    const db = ctx.player();
    const [removed] = await db.batch([
      db
        .prepare(
          "UPDATE player_cashbacks SET status = 'removed', finished_at = COALESCE(finished_at, ?3) WHERE id = ?1 AND uid = ?2 AND status <> 'removed' RETURNING id",
        )
        .bind(cashback_id, ctx.uid, now),
      db
        .prepare(
          `INSERT INTO cashback_events (cashback_id, uid, event, created_at)
           SELECT ?1, ?2, 'removed', ?3 WHERE EXISTS (SELECT 1 FROM player_cashbacks WHERE id = ?1 AND uid = ?2 AND status = 'removed')
           ON CONFLICT (cashback_id, event) DO NOTHING`,
        )
        .bind(cashback_id, ctx.uid, now),
    ]);
    if (!removed!.results.length) throw noSuchCashback();
    return 1 as const;
  },
};
