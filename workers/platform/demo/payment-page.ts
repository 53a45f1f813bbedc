import { formatMoney } from "../../../core/money";
import { escapeMarkup } from "../../../core/markup";
import { htmlPage } from "../auth/oauth-html";
import { DEMO_PAY_PATH, type DemoPayment } from "./payment-provider";

/**
 * The demo payment system's hosted page: who is paid, how much, by which method, and four outcome
 * buttons (plain form POST, no scripts). The `mobile` flow reads as the "phone" confirmation a
 * mobile-payment PSP would show. Texts are the PSP's own, in English, like a real hosted page.
 */

const BUTTONS = `
    <div class="actions" style="flex-direction:column">
      <button class="primary" type="submit" name="outcome" value="success">Pay now (success)</button>
      <button class="secondary" type="submit" name="outcome" value="pending">Leave pending</button>
      <button class="secondary" type="submit" name="outcome" value="fail">Decline (fail)</button>
      <button class="secondary" type="submit" name="outcome" value="cancel">Cancel payment</button>
    </div>`;

export function paymentPage(payment: DemoPayment, sig: string): Response {
  const mobile = payment.flow === "mobile";
  const amount = formatMoney({ amount: payment.amount, currency: payment.currency });
  const body = `
  <div class="brand"><span aria-hidden="true">P</span>Playfront Pay</div>
  <h1>${mobile ? "Confirm on your phone" : `Pay ${escapeMarkup(payment.merchant)}`}</h1>
  ${mobile ? `<p>A payment request was sent to your phone. Confirm it there — or choose what the phone answers below.</p>` : ""}
  <dl style="display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0 0 8px">
    <dt>Merchant</dt><dd>${escapeMarkup(payment.merchant)}</dd>
    <dt>Amount</dt><dd data-testid="demo-pay-amount">${escapeMarkup(amount)}</dd>
    <dt>Method</dt><dd>${escapeMarkup(payment.method_name)}</dd>
  </dl>
  <form method="post" action="${DEMO_PAY_PATH}/${escapeMarkup(payment.transaction_id)}">
    <input type="hidden" name="sig" value="${escapeMarkup(sig)}">
    ${BUTTONS}
  </form>
  <small>Playfront Pay is a demo payment system: no real money moves. Pick the outcome to try.</small>`;
  return htmlPage(mobile ? "Confirm on your phone" : "Playfront Pay", body);
}

/** A payment that is no longer waiting for the payer: where to go instead. */
export function decidedPage(payment: DemoPayment, back: string): Response {
  const body = `
  <div class="brand"><span aria-hidden="true">P</span>Playfront Pay</div>
  <h1>This payment is already ${escapeMarkup(payment.status)}</h1>
  <p><a class="button primary" href="${escapeMarkup(back)}">Back to ${escapeMarkup(payment.merchant)}</a></p>`;
  return htmlPage("Playfront Pay", body);
}
