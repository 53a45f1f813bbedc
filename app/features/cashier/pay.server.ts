import { redirectDocument, type RouterContextProvider } from "react-router";
import type { BonusList, PlayerBonus } from "../../../core/api/contract-bonuses";
import type { CashierTransaction } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { getPlatform } from "../../middleware/platform.server";
import { notFound } from "../errors/not-found.server";
import { paymobileLink } from "./payment-link.server";
import { CLAIMS_A_PAYMENT, pageForStatus, payPageOf, payPagePath, settledRedirect } from "./pay-pages";
import { requirePlayer, sitePath } from "../site/site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** One of the player's transactions, or null when it is not theirs or no transaction at all. */
export async function playerTransaction(context: Args["context"], id: string): Promise<CashierTransaction | null> {
  try {
    const info = await getPlatform(context).call("cashier.getdepositinfo", { transaction_id: id });
    return info.transaction;
  } catch (e) {
    if (e instanceof PlatformError && (e.status === 404 || e.exception === "InvalidParameter")) return null;
    return orErrorPage(Promise.reject(e));
  }
}

/**
 * The bonuses a settled deposit earned (casino and betting, still to activate or already active):
 * granted in the batch that settled it, usually while the player was on the payment system's page,
 * so no realtime toast reached them. Its success page shows them.
 */
export async function bonusesEarnedBy(context: Args["context"], transactionId: string): Promise<PlayerBonus[]> {
  const platform = getPlatform(context);
  const lists = await orErrorPage(Promise.all([platform.call("bonuses.get", {}), platform.call("BettingBonuses.get", {})]));
  const mine = (list: BonusList) => [...list.available, ...list.active].filter((b) => b.deposit_id === transactionId);
  return lists.flatMap(mine);
}

/**
 * A payment result page (SPEC §2 system pages). Reading the transaction reconciles a pending
 * one with the payment system (the platform does it on read), so each load — the first, the
 * "check again" link, the 3-second revalidation — may find it settled and move to its page. That
 * move reloads the document, so the header's balance shows the deposit.
 */
export async function loadPayPage({ request, context }: Args) {
  await requirePlayer(context, request);
  const url = new URL(request.url);
  const where = payPageOf(url.pathname, url.search);
  if (!where) throw notFound(request);
  if (!where.transaction && CLAIMS_A_PAYMENT.has(where.page)) {
    // "Payment successful" must be about a payment: the player's latest deposit, on its status's page.
    const latest = await orErrorPage(getPlatform(context).call("cashier.gethistory", { type: "deposit", offset: 0, count: 1 }));
    const tx = latest.items[0];
    if (!tx) throw notFound(request);
    throw redirectDocument(sitePath(context, payPagePath(pageForStatus(tx.status), tx.id)));
  }
  const transaction = where.transaction ? await playerTransaction(context, where.transaction) : null;
  // Another player's transaction, or none at all: the page must not tell a story about it.
  if (where.transaction && !transaction) throw notFound(request);
  if (transaction) {
    const next = settledRedirect(where.page, transaction.status);
    if (next) throw redirectDocument(sitePath(context, payPagePath(next, transaction.id)));
  }
  const [link, earned] = await Promise.all([
    where.page === "paymobile" ? paymobileLink(context, url.searchParams, transaction, url.origin) : null,
    where.page === "paysuccess" && transaction?.status === "success" ? bonusesEarnedBy(context, transaction.id) : [],
  ]);
  return {
    page: where.page,
    transaction,
    paymentUrl: link?.url ?? null,
    /** A payment link was in the URL but is not the platform's for this payment: say so, show none. */
    linkRefused: link?.refused ?? false,
    /** What the deposit earned (paysuccess only): shown with its terms and X-ray, to activate from here. */
    earned,
  };
}
