import { Form, useLocation } from "react-router";
import type { CashierTransaction } from "../../../core/api/entities-cashier";
import { formatMoney } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";

// Apart from the withdraw form: the history page shows it without the form's code (Conform, Zod).
/** A pending withdrawal's Cancel: a form of its own, posted to the page's action, back to `returnTo`. */
export function CancelWithdrawal({ tx, action }: { tx: CashierTransaction; action?: string }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <Form method="post" action={action} className="cashier__cancel">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="transaction_id" value={tx.id} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button type="submit" className="btn btn--ghost" aria-label={t("cashier.withdraw.cancelOf", { amount: formatMoney(tx.amount) })}>
        {t("cashier.withdraw.cancel")}
      </button>
    </Form>
  );
}
