import type { TransactionStatus } from "../../../core/api/entities-cashier";
import { CallbackRejected, type PaymentCallback, type PaymentProvider, type PaymentRequest } from "../providers/payments";
import { randomHex } from "../core/bytes";
import { sign, verify } from "../core/signing";

/**
 * The demo payment system ("Playfront Pay"), standing in for an external PSP: its own books
 * (demo_payments), a hosted page whose address is signed (payment-page.ts, payment-routes.ts), and
 * signed callbacks to the merchant. It shares SIGNING_SECRET with the platform as a real PSP shares
 * a merchant secret; the purposes below keep page links and callbacks from standing in for each other.
 */

export const DEMO_PAY_PATH = "/platform/demo/pay";
/** Where payment systems send callbacks: `/{provider}` follows. */
export const CALLBACKS_PATH = "/platform/payments/callback";
export const CALLBACK_PATH = `${CALLBACKS_PATH}/demo`;
export const SIGNATURE_HEADER = "x-demo-signature";
const PAGE_PURPOSE = "demo-payment-page";
const CALLBACK_PURPOSE = "demo-payment-callback";
/** A callback older than this (or this far in the future) is refused: a captured one cannot be replayed later. */
const CALLBACK_MAX_AGE_MS = 5 * 60_000;
/** The longest a Worker keeps a pending payment's timer alive (waitUntil); later ones settle on reconciliation. */
const MAX_TIMER_SECONDS = 25;

export type Outcome = "success" | "pending" | "fail" | "cancel";
export const OUTCOMES: readonly Outcome[] = ["success", "pending", "fail", "cancel"];

export interface DemoPayment {
  transaction_id: string;
  merchant: string;
  return_path: string;
  amount: number;
  currency: string;
  method: string;
  method_name: string;
  flow: string;
  locale: string;
  status: TransactionStatus;
  settle_at: number | null;
}

/** DEMO_PAYMENT_PENDING_SECONDS (wrangler var, default 15). */
export function pendingSeconds(env: Env): number {
  const raw = (env as Env & { DEMO_PAYMENT_PENDING_SECONDS?: string }).DEMO_PAYMENT_PENDING_SECONDS;
  return raw && /^\d+$/.test(raw) ? Number(raw) : 15;
}

export const pageSignature = (env: Env, transactionId: string) => sign(env.SIGNING_SECRET, PAGE_PURPOSE, transactionId);
export const pageSignatureValid = (env: Env, transactionId: string, sig: string) => verify(env.SIGNING_SECRET, PAGE_PURPOSE, transactionId, sig);

export const findPayment = (db: D1Database, transactionId: string) =>
  db.prepare("SELECT * FROM demo_payments WHERE transaction_id = ?1").bind(transactionId).first<DemoPayment>();

async function merchantName(db: D1Database): Promise<string> {
  const row = await db.prepare("SELECT json_extract(value, '$.siteName') AS name FROM settings WHERE key = 'metadata'").first<{ name: string | null }>();
  return row?.name || "Playfront";
}

/**
 * The payer's choice on the page. Only a payment still `new` takes it (one guarded UPDATE), so a
 * double submit decides once; answers the payment as it now is and whether this call decided it.
 */
export async function decide(env: Env, transactionId: string, outcome: Outcome): Promise<{ payment: DemoPayment; decided: boolean }> {
  const now = Date.now();
  const settleAt = outcome === "pending" ? now + pendingSeconds(env) * 1000 : null;
  const changed = await env.DB.prepare(
    `UPDATE demo_payments SET status = ?2, settle_at = ?3, updated_at = ?4 WHERE transaction_id = ?1 AND status = 'new' RETURNING *`,
  )
    .bind(transactionId, outcome, settleAt, now)
    .first<DemoPayment>();
  return changed ? { payment: changed, decided: true } : { payment: (await findPayment(env.DB, transactionId))!, decided: false };
}

/** A pending payment whose time has come completes (guarded: once). Answers whether this call completed it. */
export async function settleIfDue(db: D1Database, transactionId: string, now = Date.now()): Promise<boolean> {
  const changed = await db
    .prepare(
      `UPDATE demo_payments SET status = 'success', updated_at = ?2
       WHERE transaction_id = ?1 AND status = 'pending' AND settle_at <= ?2 RETURNING transaction_id`,
    )
    .bind(transactionId, now)
    .first();
  return Boolean(changed);
}

/** How long the settle timer of a pending payment waits, or null when it is too long for a timer. */
export function timerDelayMs(env: Env): number | null {
  const seconds = pendingSeconds(env);
  return seconds <= MAX_TIMER_SECONDS ? seconds * 1000 : null;
}

/** A signed callback to the merchant about one payment, as the PSP would POST it. */
export async function buildCallback(env: Env, payment: DemoPayment, origin: string): Promise<Request> {
  const body = JSON.stringify({
    event_id: randomHex(16),
    transaction_id: payment.transaction_id,
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    settle_at: payment.settle_at,
    sent_at: Date.now(),
  });
  return new Request(new URL(CALLBACK_PATH, origin), {
    method: "POST",
    body,
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: await sign(env.SIGNING_SECRET, CALLBACK_PURPOSE, body) },
  });
}

const CALLBACK_STATUSES = new Set(["pending", "success", "fail", "cancel"]);

function parseCallback(body: string): (PaymentCallback & { sentAt: number }) | null {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  const ok =
    v &&
    typeof v === "object" &&
    typeof v.event_id === "string" &&
    /^[0-9a-f]{32}$/.test(v.event_id) &&
    typeof v.transaction_id === "string" &&
    /^[0-9a-f]{32}$/.test(v.transaction_id) &&
    typeof v.status === "string" &&
    CALLBACK_STATUSES.has(v.status) &&
    Number.isSafeInteger(v.amount) &&
    typeof v.currency === "string" &&
    (v.settle_at === null || Number.isSafeInteger(v.settle_at)) &&
    Number.isSafeInteger(v.sent_at);
  if (!ok) return null;
  return {
    eventId: v.event_id as string,
    transactionId: v.transaction_id as string,
    status: v.status as PaymentCallback["status"],
    amount: v.amount as number,
    currency: v.currency as string,
    settleAt: v.settle_at as number | null,
    sentAt: v.sent_at as number,
  };
}

export const demoPaymentProvider: PaymentProvider = {
  async createPayment(env, p: PaymentRequest) {
    const now = Date.now();
    await env.DB.prepare(
      `INSERT INTO demo_payments (transaction_id, merchant, return_path, amount, currency, method, method_name, flow, locale, status, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'new', ?10, ?10) ON CONFLICT (transaction_id) DO NOTHING`,
    )
      .bind(p.transactionId, await merchantName(env.DB), p.returnPath, p.amount, p.currency, p.method, p.methodName, p.flow, p.locale, now)
      .run();
    return { redirectUrl: await this.paymentUrl(env, p.transactionId) };
  },

  async paymentUrl(env, transactionId) {
    return `${DEMO_PAY_PATH}/${transactionId}?sig=${await pageSignature(env, transactionId)}`;
  },

  async paymentStatus(env, transactionId) {
    await settleIfDue(env.DB, transactionId);
    return (await findPayment(env.DB, transactionId))?.status ?? null;
  },

  async readCallback(env, headers, body) {
    const signature = headers.get(SIGNATURE_HEADER);
    if (!signature) throw new CallbackRejected(401, "The callback is not signed");
    if (!(await verify(env.SIGNING_SECRET, CALLBACK_PURPOSE, body, signature))) throw new CallbackRejected(401, "The callback signature is wrong");
    const callback = parseCallback(body);
    if (!callback) throw new CallbackRejected(400, "The callback is malformed");
    if (Math.abs(Date.now() - callback.sentAt) > CALLBACK_MAX_AGE_MS) throw new CallbackRejected(400, "The callback is too old");
    const { sentAt: _sentAt, ...rest } = callback;
    return rest;
  },
};
