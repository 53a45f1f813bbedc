import { depositMarket, describeMarketCap } from "../responsible/market-cap";
import type { DepositInfo, DepositStarted } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import { ownTables, type PlatformContext } from "../core/context";
import { assertDepositAllowed, depositLimitError, depositStanding, depositsOverLimit } from "../responsible/deposit-guard";
import { assertDepositOffer } from "../offers/deposit";
import { assertDepositAmount } from "./amounts";
import { methodForCall } from "./methods";
import { cashierPlayer } from "./player";
import { providerNamed } from "../providers/payments-registry";
import { rememberDepositPromo } from "../promocodes/deposits";
import { checkedPromoCode } from "../promocodes/check";
import { loadRedeemer } from "../promocodes/rules";
import { checkRequisites } from "./requisites";
import { reconcilePlayer } from "./reconcile";
import { insertTransaction, playerTransaction, toEntity, type TransactionRow } from "./transactions";

export interface DepositCall {
  method: string;
  amount: number;
  requisites?: Record<string, string>;
  idempotency_key: string;
  campaign_offer_id?: number;
  /** A promo code to redeem with this deposit (decision 0044). */
  promo_code?: string;
}

/** Where the payment system sends the payer back: the app's result pages in the player's locale. */
const returnPath = (ctx: PlatformContext) => (ctx.locale === ctx.defaultLocale ? "/cashier" : `/${ctx.locale}/cashier`);

async function started(ctx: PlatformContext, row: TransactionRow): Promise<DepositStarted> {
  const { method } = await methodForCall(ctx, "deposit", row.method, row.currency);
  const provider = providerNamed(ctx.env, method.provider);
  if (!provider) throw new PlatformError("BillingUnavailable", "The payment system is unavailable");
  return { transaction_id: row.id, status: row.status, flow: row.flow, redirect_url: await provider.paymentUrl(ctx.env, row.id) };
}

/** The player's deposit under this key; `tables`: the player's own (ctx.player()). */
const byKey = (tables: D1Database, uid: number, key: string) =>
  tables.prepare("SELECT * FROM cashier_transactions WHERE uid = ?1 AND idempotency_key = ?2").bind(uid, key).first<TransactionRow>();

/**
 * cashier.makedeposit: checks (method in the player's currency, amount rules, requisites, then
 * responsible gaming), creates the transaction `new` and registers the payment at the PSP. The
 * balance moves only when the PSP confirms (callback.ts). A repeated key answers the first deposit.
 */
export async function makeDeposit(ctx: PlatformContext, p: DepositCall): Promise<DepositStarted> {
  const tables = ctx.player();
  const earlier = await byKey(tables, ctx.uid, p.idempotency_key);
  if (earlier) {
    if (earlier.type !== "deposit")
      throw new PlatformError("InvalidParameter", "This idempotency key belongs to another request", {
        fields: { idempotency_key: ["idempotency key reused with different parameters"] },
      });
    return started(ctx, earlier);
  }
  const player = await cashierPlayer(ctx.db, ctx.uid);
  const { method, rules } = await methodForCall(ctx, "deposit", p.method, player.currency);
  assertDepositAmount(p.amount, rules, player.currency);
  const requisites = await checkRequisites(ctx.db, method.fields, p.requisites);
  const market = await depositMarket(ctx, ctx.uid);
  await assertDepositAllowed(ctx.player(), ctx.uid, p.amount, Date.now(), market);
  if (p.campaign_offer_id !== undefined) await assertDepositOffer(ctx, p.campaign_offer_id, method.sysname, p.amount);
  const promo = p.promo_code ? await checkedPromoCode(ctx, p.promo_code, await loadRedeemer(tables, ctx.uid), { kind: "deposit", amount: p.amount }) : null;

  const provider = providerNamed(ctx.env, method.provider);
  if (!provider) throw new PlatformError("BillingUnavailable", "The payment system is unavailable");
  const { row, created } = await insertTransaction(tables, {
    uid: ctx.uid,
    type: "deposit",
    amount: p.amount,
    currency: player.currency,
    method: method.sysname,
    flow: method.flow,
    locale: ctx.locale,
    requisites,
    idempotencyKey: p.idempotency_key,
    campaignOfferId: p.campaign_offer_id ?? null,
  });
  if (!created) return started(ctx, row);
  if (promo) await rememberDepositPromo(tables, row.id, promo.code);
  // Two deposits started at once may both have passed the limit check: look again now that this
  // one counts, and drop it (nothing was sent to the payment system yet) if the window is over.
  if (await depositsOverLimit(ctx.player(), ctx.uid, row, Date.now(), market)) {
    await tables.prepare("DELETE FROM cashier_transactions WHERE id = ?1 AND status = 'new'").bind(row.id).run();
    throw await depositLimitError(ctx.player(), ctx.uid, Date.now(), market);
  }
  const { redirectUrl } = await provider.createPayment(ctx.env, {
    transactionId: row.id,
    amount: row.amount,
    currency: row.currency,
    method: method.sysname,
    methodName: method.name,
    flow: method.flow,
    locale: ctx.locale,
    returnPath: returnPath(ctx),
  });
  return { transaction_id: row.id, status: row.status, flow: row.flow, redirect_url: redirectUrl };
}

/** cashier.getdepositinfo, after reconciling the player's due payments. */
export async function depositInfo(call: PlatformContext, transactionId?: string): Promise<DepositInfo> {
  const ctx = ownTables(call);
  await reconcilePlayer(ctx, ctx.uid);
  const [stats, last] = await ctx.db.batch([
    ctx.db.prepare("SELECT COUNT(*) AS n FROM cashier_transactions WHERE uid = ?1 AND type = 'deposit' AND status = 'success'").bind(ctx.uid),
    ctx.db
      .prepare("SELECT method FROM cashier_transactions WHERE uid = ?1 AND type = 'deposit' AND status = 'success' ORDER BY created_at DESC LIMIT 1")
      .bind(ctx.uid),
  ]);
  const count = (stats!.results[0] as { n: number }).n;
  const transaction = transactionId ? toEntity(await playerTransaction(ctx.db, ctx.uid, transactionId)) : null;
  // The deposit limits belong to responsible gaming: the tightest window's room, the market's ceiling.
  const market = await depositMarket(call, call.uid);
  const { allowance, limitPrompt } = await depositStanding(ctx.player(), ctx.uid, Date.now(), market);
  return {
    has_deposit: count > 0,
    deposits_count: count,
    last_method: (last!.results[0] as { method: string } | undefined)?.method ?? null,
    limit_available: allowance ? { amount: allowance.available, currency: market.currency } : null,
    market_cap: await describeMarketCap(ctx.player(), ctx.uid, market),
    limit_prompt: limitPrompt,
    transaction,
  };
}
