/**
 * The payment result pages of SPEC §2 (system pages: payment success, pending, fail, cancel,
 * mobile, new window) as pure rules: which page a path is, where a page goes once its
 * transaction's real status is known, what buttons it shows and whether it keeps checking.
 */
import type { TransactionStatus } from "../../../core/api/entities-cashier";

export const PAY_PAGES = ["paysuccess", "paypending", "payfail", "paycancel", "paymobile", "paynewwindow"] as const;
export type PayPage = (typeof PAY_PAGES)[number];

/** Pages whose path may carry the transaction (`/cashier/paysuccess/{transaction}`). */
const WITH_PATH_TRANSACTION: ReadonlySet<PayPage> = new Set(["paysuccess", "paypending", "payfail"]);

/** With or without a locale segment; `.data` is how React Router's client asks for a page's data. */
const PAGE_PATH = /^(?:\/[^/]+)?\/cashier\/(paysuccess|paypending|payfail|paycancel|paymobile|paynewwindow)(?:\/([^/]+?))?(?:\.data)?\/?$/;
const TRANSACTION_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The page of a path (a locale segment allowed), and its transaction: the path segment
 * (success, pending, fail) or the `transaction` query (any page). A path that is no page, or an
 * id that cannot be one, is no page at all (null: a 404), never a page that speaks of nothing.
 */
export function payPageOf(pathname: string, search = ""): { page: PayPage; transaction: string | null } | null {
  const m = PAGE_PATH.exec(pathname);
  if (!m) return null;
  const page = m[1] as PayPage;
  if (m[2] !== undefined && !WITH_PATH_TRANSACTION.has(page)) return null;
  let raw: string | null;
  try {
    raw = m[2] !== undefined ? decodeURIComponent(m[2]) : new URLSearchParams(search).get("transaction");
  } catch {
    return null;
  }
  if (raw === null) return { page, transaction: null };
  return TRANSACTION_ID.test(raw) ? { page, transaction: raw } : null;
}

/**
 * Pages that say a payment happened (or is under way): they speak of one transaction of the
 * player's, never of none. Without an id they show the player's latest deposit; with none, 404.
 */
export const CLAIMS_A_PAYMENT: ReadonlySet<PayPage> = new Set(["paysuccess", "paypending"]);

/** The page that shows a transaction of this status. */
export function pageForStatus(status: TransactionStatus): PayPage {
  if (status === "success") return "paysuccess";
  if (status === "fail") return "payfail";
  if (status === "cancel") return "paycancel";
  return "paypending";
}

/**
 * Where a page must go once its transaction's status is known, or null to stay. The platform's
 * status wins: a pending page turns into the success (or fail, cancel) page when the payment
 * settles; a success page for a payment still in progress shows it as pending. The mobile and
 * new-window pages wait as they are while the payment is in progress.
 */
export function settledRedirect(page: PayPage, status: TransactionStatus): PayPage | null {
  const target = pageForStatus(status);
  if (target === page) return null;
  if (target === "paypending" && (page === "paymobile" || page === "paynewwindow")) return null;
  return target;
}

/** The path of a page for a transaction (without locale). */
export function payPagePath(page: PayPage, transaction: string | null): string {
  if (!transaction) return `/cashier/${page}`;
  return WITH_PATH_TRANSACTION.has(page)
    ? `/cashier/${page}/${encodeURIComponent(transaction)}`
    : `/cashier/${page}?transaction=${encodeURIComponent(transaction)}`;
}

/** Whether the page keeps checking the transaction (every 3 s with JavaScript, a link without). */
export function keepsChecking(page: PayPage, status: TransactionStatus | null): boolean {
  if (status === null) return false;
  return (page === "paypending" || page === "paymobile" || page === "paynewwindow") && (status === "new" || status === "pending");
}

export type PayButton = "gamehall" | "receipt" | "deposit" | "checkAgain" | "paymentPage";

/**
 * SPEC §2 system pages' buttons: success → game hall (and the receipt); cancel, fail and new
 * window → cashier deposit; pending → check again; mobile → the payment page and check again.
 */
export function payButtons(page: PayPage, opts: { transaction: boolean; checking: boolean; paymentUrl: boolean }): PayButton[] {
  switch (page) {
    case "paysuccess":
      return opts.transaction ? ["gamehall", "receipt"] : ["gamehall"];
    case "paypending":
      return opts.checking ? ["checkAgain"] : ["deposit"];
    case "paymobile":
      return [...(opts.paymentUrl ? (["paymentPage"] as const) : []), ...(opts.checking ? (["checkAgain"] as const) : []), "deposit"];
    case "payfail":
    case "paycancel":
    case "paynewwindow":
      return opts.checking && page === "paynewwindow" ? ["checkAgain", "deposit"] : ["deposit"];
  }
}

/**
 * What a payment page address may be: a path of this site, or an https page elsewhere, written
 * out in full. Never `javascript:` or plain http, and never a path that a browser reads as
 * another host ('//evil', '/\evil', '/<tab>/evil': browsers drop tabs and newlines). The mobile
 * page also wants its signature (payment-link.server.ts).
 */
export function safePaymentUrl(value: string | null, origin: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this check refuses
  if (!value || value.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin === origin) return url.pathname.replace(/^\/{2,}/, "/") + url.search;
  return url.protocol === "https:" && /^https:\/\//i.test(value) ? url.href : null;
}
