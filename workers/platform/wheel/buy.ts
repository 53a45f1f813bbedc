import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { readerCurrency } from "../wallet/currency";
import { ensureAccount, settleStatements } from "../loyalty/ledger";
import { announceNotices } from "../loyalty/notices";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { settleSpinCredits } from "./ledger";
import { refusalOf, wheelReturn } from "./expected-return";
import { moneyIn } from "../rewards/configured";
import { isOpen, OPEN, readCampaign, readSectors, spinBalance, wheelError } from "./view";

/**
 * FortuneWheels.buySpin (decision 0047): one batch records the purchase — its INSERT is the guard:
 * the campaign open and, paying with points, enough of them, read inside the transaction — and
 * every other statement applies only to the purchase this batch wrote: the spins credited by the
 * spin ledger, and the price paid by the loyalty ledger (reason wheel_purchase) or the wallet
 * (operation wheel_purchase on the main balance, whose overdraft declines the whole batch).
 */

interface Purchase {
  id: string;
  campaign_id: number;
  spins: number;
  pay_with: "money" | "points";
  amount: number | null;
  currency: string | null;
  points: number | null;
}

interface Order {
  campaign_id: number;
  spins_amount: number;
  pay_with: "money" | "points";
  key: string;
}

const findPurchase = (db: D1Database, uid: number, where: string, value: string) =>
  db.prepare(`SELECT * FROM wheel_purchases WHERE uid = ?1 AND ${where} = ?2`).bind(uid, value).first<Purchase>();

export async function buySpin(ctx: PlatformContext, order: Order) {
  // The player's tables (decision 0075); the campaign's configuration is read on ctx.db.
  const db = ctx.player();
  const deps = { ...ctx, db };
  const replayed = await findPurchase(db, ctx.uid, "key", order.key);
  if (replayed) return answer(ctx, replayed, order, true);
  const campaign = await readCampaign(ctx.db, order.campaign_id);
  if (!isOpen(campaign, Date.now())) throw wheelError("campaign_closed", "This wheel is not running now", 409);
  const currency = await readerCurrency(ctx);
  let price: number;
  if (order.pay_with === "money") {
    if (!campaign.spin_price) throw wheelError("not_for_sale", "Spins of this wheel are not sold for money", 400, "pay_with");
    const each = moneyIn(campaign.spin_price, currency);
    if (each === null) throw wheelError("not_in_currency", `Spins of this wheel are not sold in ${currency}`, 400, "pay_with");
    price = each * order.spins_amount;
  } else {
    if (campaign.spin_price_points === null) throw wheelError("not_for_sale", "Spins of this wheel are not sold for points", 400, "pay_with");
    price = campaign.spin_price_points * order.spins_amount;
  }
  // Nothing sold pays more than it costs (DESIGN §7, decision 0058): no save path exists beyond
  // the seed, so the sale itself refuses a wheel expected to pay back a spin's price.
  const worth = await wheelReturn(ctx.db, campaign, await readSectors(ctx.db, campaign.id, currency), currency);
  const refusal = worth && refusalOf(worth, order.pay_with, campaign.sysname);
  if (refusal) {
    console.warn(`buySpin refused: ${refusal}`);
    throw wheelError("not_for_sale", "Spins of this wheel are not on sale: a spin would be expected to pay back at least its price", 409, "pay_with");
  }

  const now = Date.now();
  const id = crypto.randomUUID();
  const batch = crypto.randomUUID();
  const points = order.pay_with === "points";
  const enough = points ? "AND COALESCE((SELECT a.points FROM loyalty_accounts a WHERE a.uid = ?2), 0) >= ?8" : "";
  const statements = [
    ...(points ? [ensureAccount(db, "?1", [ctx.uid], now)] : []),
    db
      .prepare(
        `INSERT INTO wheel_purchases (id, uid, campaign_id, spins, pay_with, amount, currency, points, key, created_at)
         SELECT ?1, ?2, c.id, ?4, ?5, ?6, ?7, ?8, ?9, ?10 FROM wheel_campaigns c WHERE c.id = ?3 AND ${OPEN("c", "?10")} ${enough}
         ON CONFLICT DO NOTHING`,
      )
      .bind(
        id,
        ctx.uid,
        order.campaign_id,
        order.spins_amount,
        order.pay_with,
        points ? null : price,
        points ? null : currency,
        points ? price : null,
        order.key,
        now,
      ),
    db
      .prepare(
        `INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, ref, delta, created_at, batch_id)
         SELECT uid, campaign_id, 'purchase:' || id, 'purchase', id, spins, created_at, ?2 FROM wheel_purchases WHERE id = ?1`,
      )
      .bind(id, batch),
    settleSpinCredits(db, ctx.uid, batch, now),
  ];
  if (points) {
    const paid = crypto.randomUUID();
    statements.push(
      db
        .prepare(
          `INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, created_at, batch_id)
           SELECT uid, 'wheel-purchase:' || id, 'wheel_purchase', id, -points, 0, created_at, ?2 FROM wheel_purchases WHERE id = ?1`,
        )
        .bind(id, paid),
      ...settleStatements(db, ctx.uid, paid, now),
    );
    await db.batch(statements);
  } else {
    const plan = planOperation(
      db,
      { uid: ctx.uid, key: `wheel-buy:${id}`, type: "wheel_purchase", reference: id, changes: [{ kind: "main", delta: -price }] },
      { sql: "EXISTS (SELECT 1 FROM wheel_purchases WHERE id = ?1)", params: [id] },
    );
    try {
      await moveMoneyWith(deps, statements, plan);
    } catch (e) {
      // The wallet's overdraft refusal (it names the balances that fell short).
      if (e instanceof PlatformError && e.type === "BillingTransactionDeclinedException" && Array.isArray(e.params?.kinds)) {
        throw wheelError(
          "insufficient_funds",
          `${order.spins_amount} spins cost ${(price / 100).toFixed(2)} ${currency}: not enough on your main balance`,
          409,
          "spins_amount",
        );
      }
      throw e;
    }
  }

  const bought = await findPurchase(db, ctx.uid, "id", id);
  if (bought) {
    if (points) announceNotices(deps, ctx.uid, now);
    return answer(ctx, bought, order, false);
  }
  const raced = await findPurchase(db, ctx.uid, "key", order.key);
  if (raced) return answer(ctx, raced, order, true);
  if (!isOpen(await readCampaign(ctx.db, order.campaign_id), Date.now())) throw wheelError("campaign_closed", "This wheel is not running now", 409);
  const have = (await db.prepare("SELECT points FROM loyalty_accounts WHERE uid = ?1").bind(ctx.uid).first<number>("points")) ?? 0;
  throw wheelError("insufficient_points", `${order.spins_amount} spins cost ${price} points; you have ${have}`, 409, "spins_amount");
}

async function answer(ctx: PlatformContext, p: Purchase, order: Order, replayed: boolean) {
  if (p.campaign_id !== order.campaign_id || p.spins !== order.spins_amount || p.pay_with !== order.pay_with) {
    throw wheelError("key_reused", "This key was used for another purchase", 400, "key");
  }
  return {
    spin_balance: await spinBalance(ctx.player(), ctx.uid, p.campaign_id),
    spins_bought: p.spins,
    paid: p.pay_with === "points" ? { points: p.points! } : { amount: p.amount!, currency: p.currency! },
    replayed,
  };
}
