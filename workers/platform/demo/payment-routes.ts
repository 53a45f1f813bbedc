import { Hono, type Context } from "hono";
import { errorPage } from "../auth/oauth-html";
import { handlePaymentCallback } from "../cashier/callback";
import { demoOnly } from "./switches";
import { decidedPage, paymentPage } from "./payment-page";
import {
  buildCallback,
  CALLBACKS_PATH,
  DEMO_PAY_PATH,
  decide,
  findPayment,
  OUTCOMES,
  pageSignatureValid,
  settleIfDue,
  timerDelayMs,
  type DemoPayment,
  type Outcome,
} from "./payment-provider";

/**
 * The demo payment system's page (`/platform/demo/pay/{tx}?sig=…`) and the platform's callback
 * endpoint (`/platform/payments/callback/{provider}`), where any payment system reports outcomes.
 * The page POST hands its signed callback to that same endpoint handler, as an external PSP's
 * server would call it, then sends the browser back to the merchant's result page.
 */
export const paymentRoutes = new Hono<{ Bindings: Env }>();

type Ctx = Context<{ Bindings: Env }>;
const TX = /^[0-9a-f]{32}$/;

const deps = (c: Ctx) => ({ env: c.env, db: c.env.DB, waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p) });

/** The merchant's result page for a payment's status (locale prefix included in return_path). */
function resultPath(p: DemoPayment): string {
  switch (p.status) {
    case "success":
      return `${p.return_path}/paysuccess/${p.transaction_id}`;
    case "pending":
    case "new":
      return `${p.return_path}/paypending/${p.transaction_id}`;
    case "fail":
      return `${p.return_path}/payfail/${p.transaction_id}`;
    case "cancel":
      return `${p.return_path}/paycancel`;
  }
}

const notFound = () => errorPage(404, "Payment not found", "This payment link is not valid. Start the payment again from the cashier.");

/** The payment of a signed page address, or null: an unsigned or forged link shows nothing. */
async function signedPayment(c: Ctx, tx: string, sig: string): Promise<DemoPayment | null> {
  if (!TX.test(tx) || !sig || sig.length > 100) return null;
  if (!(await pageSignatureValid(c.env, tx, sig))) return null;
  return findPayment(c.env.DB, tx);
}

/** Sends the PSP's signed callback to the platform's callback endpoint. */
async function notifyMerchant(c: Ctx, payment: DemoPayment): Promise<Response> {
  const request = await buildCallback(c.env, payment, new URL(c.req.url).origin);
  return handlePaymentCallback(request, deps(c), "demo");
}

// The demo payment system's pages exist only where it is switched on (not in production unless
// named in DEMO_PROVIDERS, or DEMO_PAYMENTS=on): elsewhere they are not found, like any unknown page.
paymentRoutes.use(`${DEMO_PAY_PATH}/*`, demoOnly("payments"));

paymentRoutes.get(`${DEMO_PAY_PATH}/:tx`, async (c) => {
  const sig = c.req.query("sig") ?? "";
  const payment = await signedPayment(c, c.req.param("tx"), sig);
  if (!payment) return notFound();
  if (payment.status !== "new") return decidedPage(payment, resultPath(payment));
  return paymentPage(payment, sig);
});

paymentRoutes.post(`${DEMO_PAY_PATH}/:tx`, async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const sig = typeof form.sig === "string" ? form.sig : "";
  const outcome = typeof form.outcome === "string" ? form.outcome : "";
  const found = await signedPayment(c, c.req.param("tx"), sig);
  if (!found) return notFound();
  if (!OUTCOMES.includes(outcome as Outcome)) return errorPage(400, "Choose an outcome", "Pick one of the buttons of the payment page.");

  const { payment, decided } = await decide(c.env, found.transaction_id, outcome as Outcome);
  // A payment decided before is reported again, as a PSP retries a webhook until the merchant took
  // it: the page sent twice is the payer repeating a submit whose answer they never got, perhaps
  // because the callback died with it (the merchant takes each callback once).
  if (decided || payment.status !== "pending") {
    const delivered = await notifyMerchant(c, payment);
    if (!delivered.ok) console.error("demo payment callback refused", delivered.status);
  }
  const delay = decided && payment.status === "pending" ? timerDelayMs(c.env) : null;
  if (delay !== null) c.executionCtx.waitUntil(settleLater(c, payment, delay));
  return new Response(null, { status: 303, headers: { location: resultPath(payment), "cache-control": "no-store" } });
});

/** The pending payment completes at its settle time and the PSP reports it (reconciliation covers a lost timer). */
async function settleLater(c: Ctx, payment: DemoPayment, delayMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  if (!(await settleIfDue(c.env.DB, payment.transaction_id))) return;
  const settled = await findPayment(c.env.DB, payment.transaction_id);
  if (settled) await notifyMerchant(c, settled);
}

paymentRoutes.post(`${CALLBACKS_PATH}/:provider`, (c) => handlePaymentCallback(c.req.raw, deps(c), c.req.param("provider")));
paymentRoutes.all(`${CALLBACKS_PATH}/:provider`, (c) => c.text(`${c.req.method} is not allowed here`, 405, { allow: "POST" }));
paymentRoutes.all(`${DEMO_PAY_PATH}/:tx`, (c) => c.text(`${c.req.method} is not allowed here`, 405, { allow: "GET, POST" }));
