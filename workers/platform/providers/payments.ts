import type { PaymentFlow, TransactionStatus } from "../../../core/api/entities-cashier";

/**
 * The payments port: what the cashier needs from a payment system (PSP). The demo one
 * (workers/platform/demo/payment-provider.ts) behaves like a hosted-page PSP: the platform creates a
 * payment and sends the browser to the PSP's page; the PSP reports the outcome with a signed
 * server-to-server callback, and answers status queries when the platform reconciles (decision
 * 0011). The cashier reaches a PSP through payments-registry.ts.
 */
export interface PaymentRequest {
  transactionId: string;
  amount: number;
  currency: string;
  method: string;
  methodName: string;
  flow: PaymentFlow;
  locale: string;
  /** Site path of the merchant's result pages (with the locale prefix): `<path>/paysuccess/<tx>`… */
  returnPath: string;
}

/** A callback the PSP sent, once its signature and freshness are checked. */
export interface PaymentCallback {
  eventId: string;
  transactionId: string;
  status: Extract<TransactionStatus, "pending" | "success" | "fail" | "cancel">;
  amount: number;
  currency: string;
  /** For pending: when the PSP expects to settle. */
  settleAt: number | null;
}

/** A refused callback: the status to answer and why (never more than the sender needs). */
export class CallbackRejected extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  /** Registers the payment at the PSP; answers the page to send the browser to. */
  createPayment(env: Env, payment: PaymentRequest): Promise<{ redirectUrl: string }>;
  /** The page of an existing payment (a repeated makedeposit answers the same page). */
  paymentUrl(env: Env, transactionId: string): Promise<string>;
  /** The PSP's current word on a payment (polling, as reconciliation does); null if unknown. */
  paymentStatus(env: Env, transactionId: string): Promise<TransactionStatus | null>;
  /** Checks a callback's signature and freshness and reads it; throws CallbackRejected. */
  readCallback(env: Env, headers: Headers, body: string): Promise<PaymentCallback>;
}
