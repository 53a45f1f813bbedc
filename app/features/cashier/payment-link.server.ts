import type { RouterContextProvider } from "react-router";
import type { CashierTransaction } from "../../../core/api/entities-cashier";
import { workerContext } from "../../lib/context.server";
import { sign, verify } from "../../../core/signing.server";
import { safePaymentUrl } from "./pay-pages";

/**
 * The mobile pay page shows a button to the payment page, whose address travels in the page's
 * own query (`/cashier/paymobile?transaction=…&url=…`: the page works without JavaScript and
 * survives a reload). Anyone can write such a link, so the deposit action signs the address
 * the platform answered for the transaction, and the page shows it only with that signature,
 * for a transaction of the signed-in player that is still waiting (decision 0023).
 */
const PURPOSE = "paymobile";
const signed = (transaction: string, url: string) => `${transaction}\n${url}`;

type Context = Readonly<RouterContextProvider>;
const secret = (context: Context) => context.get(workerContext).env.SIGNING_SECRET;

/** The query of the mobile pay page for a payment the platform just started. */
export async function paymobileQuery(context: Context, transaction: string, url: string): Promise<URLSearchParams> {
  return new URLSearchParams({ transaction, url, sig: await sign(secret(context), PURPOSE, signed(transaction, url)) });
}

/**
 * The payment page to show on the mobile pay page, or null: no link asked for, or one that is
 * not the platform's for this player's open transaction (`refused` then says so).
 */
export async function paymobileLink(
  context: Context,
  query: URLSearchParams,
  transaction: CashierTransaction | null,
  origin: string,
): Promise<{ url: string | null; refused: boolean }> {
  const url = query.get("url");
  if (!url) return { url: null, refused: false };
  const open = transaction !== null && (transaction.status === "new" || transaction.status === "pending");
  const safe = safePaymentUrl(url, origin);
  const ok = open && safe !== null && (await verify(secret(context), PURPOSE, signed(transaction.id, url), query.get("sig") ?? ""));
  return ok ? { url: safe, refused: false } : { url: null, refused: true };
}
