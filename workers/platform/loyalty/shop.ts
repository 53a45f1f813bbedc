import { bonusRefusal } from "../bonuses/market";
import type { LoyaltyBuyError } from "../../../core/api/contract-loyalty";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { pointValuePer1000 } from "../rewards/prices";
import { overpayment, pointsWorth, rewardValue, type ValuedReward } from "../rewards/value.mjs";
import { configuredReward } from "../rewards/configured";
import { payReward } from "../rewards/pay";
import { reserveStock, settleStock, type Reservation } from "../rewards/stock";
import { ensureAccount, settleStatements } from "./ledger";
import { announceNotices } from "./notices";

/**
 * loyalty.buyproduct (decision 0046): a product with stock first has a unit reserved in D1, where
 * the stock is counted (rewards/stock.ts, decision 0075: the player's object holds a stale copy);
 * none left answers "sold out". Then one batch in the player's tables records the purchase — its
 * INSERT is the guard: enough points, the player's limit not reached, read inside the transaction
 * — and every other statement applies only to the purchase this batch wrote: the ledger row and
 * the account's points, the notice, and the reward through the one reward path (rewards/pay.ts).
 * The reservation is then marked consumed, or given back when no purchase was written (the cron
 * settles it if the Worker died between). D1 takes units one at a time, so of concurrent buys of
 * the last item one reserves it and the others find no stock.
 */

export function buyError(code: LoyaltyBuyError, message: string, status: number): PlatformError {
  return new PlatformError("InvalidParameter", message, { status, params: { code }, fields: { product_id: [message] } });
}

interface ProductRow {
  id: number;
  sysname: string;
  program_id: number;
  price: number;
  stock: number | null;
  per_player_limit: number | null;
  reward_type: "bonus" | "freespins" | "money";
  money: string | null;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
  currency: string;
  /** The reward exists in the player's currency. */
  in_currency: number;
  /** Valuing the reward in the player's currency (decision 0058): the bonus's amount and wagering, the pack's spins and bet. */
  bonus_amount: number | null;
  bonus_wager: number | null;
  pack_count: number | null;
  pack_bet: number | null;
}

interface PurchaseRow {
  id: string;
  product_id: number;
  price: number;
}

const findPurchase = (db: D1Database, uid: number, key: string) =>
  db.prepare("SELECT id, product_id, price FROM loyalty_purchases WHERE uid = ?1 AND key = ?2").bind(uid, key).first<PurchaseRow>();

export async function buyProduct(ctx: PlatformContext, productId: number, key: string) {
  // The player's tables (decision 0075); the product's configuration is read on ctx.db.
  const db = ctx.player();
  const replayed = await findPurchase(db, ctx.uid, key);
  if (replayed) return answer(ctx, replayed, productId, true);
  const product = await ctx.db
    .prepare(
      `SELECT pr.id, pr.sysname, pr.program_id, pr.price, pr.stock, pr.per_player_limit, pr.reward_type, pr.money, pr.bonus_template_id, pr.freespin_template_id, u.currency,
         (SELECT a.amount FROM bonus_template_amounts a WHERE a.template_id = pr.bonus_template_id AND a.currency = u.currency) AS bonus_amount,
         (SELECT t.wager_multiplier FROM bonus_templates t WHERE t.id = pr.bonus_template_id) AS bonus_wager,
         (SELECT f.count FROM freespin_templates f WHERE f.id = pr.freespin_template_id) AS pack_count,
         (SELECT b.bet FROM freespin_template_bets b WHERE b.template_id = pr.freespin_template_id AND b.currency = u.currency) AS pack_bet,
         CASE pr.reward_type
           WHEN 'money' THEN json_extract(pr.money, '$.' || u.currency) IS NOT NULL
           WHEN 'bonus' THEN EXISTS (SELECT 1 FROM bonus_template_amounts a WHERE a.template_id = pr.bonus_template_id AND a.currency = u.currency AND a.amount > 0)
           ELSE EXISTS (SELECT 1 FROM freespin_template_bets b WHERE b.template_id = pr.freespin_template_id AND b.currency = u.currency) END AS in_currency
       FROM loyalty_products pr JOIN loyalty_programs p ON p.id = pr.program_id AND p.is_active = 1 JOIN users u ON u.uid = ?1
       WHERE pr.id = ?2 AND pr.is_enabled = 1`,
    )
    .bind(ctx.uid, productId)
    .first<ProductRow>();
  if (!product) throw buyError("unknown_product", "No such product in the shop", 404);
  if (!product.in_currency) throw buyError("not_in_currency", "This product is not offered in your currency", 400);
  if ((product.reward_type === "bonus" || product.reward_type === "freespins") && (await bonusRefusal(ctx, db, ctx.uid)))
    throw buyError("market_rules", "Under your country's gambling rules, your account cannot receive a bonus now", 403);
  await refuseOverpaying(ctx.db, product);

  const now = Date.now();
  // The unit first, in D1 (none left: sold out, as the purchase's guard answered before).
  const reservation = product.stock === null ? null : await reserveStock(ctx.db, ctx.uid, "loyalty_products", productId, key, now);
  if (reservation && !reservation.taken) throw buyError("out_of_stock", "This product is sold out", 409);
  let bought: PurchaseRow | null = null;
  try {
    bought = await purchase(ctx, db, product, productId, key, now);
  } catch (e) {
    await settleReservation(ctx, db, reservation, key);
    throw e;
  }
  if (!bought) {
    const raced = await settleReservation(ctx, db, reservation, key);
    if (raced) return answer(ctx, raced, productId, true);
    throw await whyNot(ctx, product);
  }
  if (reservation) await settleStock(ctx.db, reservation, true);
  announceNotices({ ...ctx, db }, ctx.uid, now);
  return answer(ctx, bought, productId, false);
}

/** The purchase's batch in the player's tables; the purchase it wrote, or null. */
async function purchase(ctx: PlatformContext, db: D1Database, product: ProductRow, productId: number, key: string, now: number): Promise<PurchaseRow | null> {
  const deps = { ...ctx, db };
  const id = crypto.randomUUID();
  const batch = crypto.randomUUID();
  const statements = [
    ensureAccount(db, "?1", [ctx.uid], now),
    db
      .prepare(
        `INSERT INTO loyalty_purchases (id, uid, product_id, price, key, created_at)
         SELECT ?3, a.uid, pr.id, pr.price, ?4, ?5 FROM loyalty_accounts a
           JOIN loyalty_products pr ON pr.id = ?2 AND pr.is_enabled = 1 AND pr.program_id = a.program_id
         WHERE a.uid = ?1 AND a.points >= pr.price
           AND (pr.per_player_limit IS NULL OR (SELECT COUNT(*) FROM loyalty_purchases lp WHERE lp.uid = ?1 AND lp.product_id = pr.id) < pr.per_player_limit)
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(ctx.uid, productId, id, key, now),
    db
      .prepare(
        `INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, created_at, batch_id)
         SELECT uid, 'purchase:' || id, 'purchase', product_id, -price, 0, ?2, ?3 FROM loyalty_purchases WHERE id = ?1`,
      )
      .bind(id, now, batch),
    ...settleStatements(db, ctx.uid, batch, now),
  ];
  // The product through the one reward path, only if this batch wrote the purchase.
  await payReward(deps, statements, configuredReward(product.reward_type, product, product.currency), {
    uid: ctx.uid,
    key: `loyalty:${id}`,
    wallet: { type: "loyalty_reward", reference: id },
    ledger: { reason: "purchase", ref: id },
    guard: { sql: "EXISTS (SELECT 1 FROM loyalty_purchases WHERE id = ?1)", params: [id] },
    now,
  });
  return db.prepare("SELECT id, product_id, price FROM loyalty_purchases WHERE id = ?1").bind(id).first<PurchaseRow>();
}

/**
 * When this attempt wrote no purchase (refused, raced, failed): the purchase a concurrent attempt
 * with the same key wrote, if any, and the reservation settled by it (consumed when that purchase
 * is of this product and so used the unit, else given back).
 */
async function settleReservation(ctx: PlatformContext, db: D1Database, reservation: Reservation | null, key: string): Promise<PurchaseRow | null> {
  let raced: PurchaseRow | null = null;
  try {
    raced = await findPurchase(db, ctx.uid, key);
  } catch (e) {
    // Not knowing whether the unit was used: the cron's sweep settles it from the player's tables.
    console.error("loyalty.buyproduct: the purchase could not be read back; its reservation is left to the sweep:", e);
    return null;
  }
  if (reservation) await settleStock(ctx.db, reservation, raced !== null && raced.product_id === reservation.itemId);
  return raced;
}

/** The reward as valued (decision 0058), in the player's currency. */
function rewardOf(p: ProductRow): ValuedReward {
  if (p.reward_type === "money") return { type: "money", amount: (JSON.parse(p.money ?? "{}") as Record<string, number>)[p.currency] ?? null };
  if (p.reward_type === "bonus") return { type: "bonus", amount: p.bonus_amount, wager_multiplier: p.bonus_wager ?? 0 };
  return { type: "freespins", count: p.pack_count ?? 0, bet: p.pack_bet };
}

/**
 * Nothing sold pays more than it costs (DESIGN §7, decision 0058): a product expected to return as
 * much as its points are worth (at its programme's published value) is not sold. No save path
 * exists beyond the seed (which refuses such a product), so the sale checks it too.
 */
async function refuseOverpaying(db: D1Database, p: ProductRow) {
  const value = await pointValuePer1000(db, p.currency, p.program_id);
  const refusal = overpayment(
    `loyalty product '${p.sysname}' (${p.price} points, ${p.currency})`,
    rewardValue(rewardOf(p), { pointValuePer1000: value }),
    pointsWorth(p.price, value),
  );
  if (!refusal) return;
  console.warn(`loyalty.buyproduct refused: ${refusal}`);
  throw buyError("not_for_sale", "This product is not on sale: it would be expected to pay back at least what its points are worth", 409);
}

async function answer(ctx: PlatformContext, p: PurchaseRow, productId: number, replayed: boolean) {
  if (p.product_id !== productId) throw buyError("key_reused", "This key was used to buy another product", 400);
  const points = (await ctx.player().prepare("SELECT points FROM loyalty_accounts WHERE uid = ?1").bind(ctx.uid).first<number>("points")) ?? 0;
  return { purchase_id: p.id, product_id: p.product_id, points, replayed };
}

/** Why a purchase was not written, as read after its batch (not the stock: a unit was reserved for it, or it has none to count). */
async function whyNot(ctx: PlatformContext, product: ProductRow): Promise<PlatformError> {
  const now = await ctx
    .player()
    .prepare(
      `SELECT COALESCE((SELECT points FROM loyalty_accounts WHERE uid = ?1), 0) AS points,
         (SELECT COUNT(*) FROM loyalty_purchases WHERE uid = ?1 AND product_id = pr.id) AS bought
       FROM loyalty_products pr WHERE pr.id = ?2`,
    )
    .bind(ctx.uid, product.id)
    .first<{ points: number; bought: number }>();
  if (!now) return buyError("unknown_product", "No such product in the shop", 404);
  if (product.per_player_limit !== null && now.bought >= product.per_player_limit)
    return buyError("limit_reached", `You can buy this product at most ${product.per_player_limit} times`, 409);
  if (now.points < product.price) return buyError("insufficient_points", `You need ${product.price} points; you have ${now.points}`, 409);
  return buyError("unknown_product", "This product cannot be bought now", 409);
}
