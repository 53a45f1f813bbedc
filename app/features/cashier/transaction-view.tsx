import type { CashierTransaction } from "../../../core/api/entities-cashier";
import { translateOr, type TFunction } from "../../lib/i18n/translate";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { WithdrawalProgress } from "./withdrawal-progress";

/**
 * A payment method's name in the page's language: the platform names its methods once (in its
 * own language); the site's messages translate them by sysname (`cashier.methodNames.*`), and a
 * method they do not know keeps the platform's name.
 */
export function methodName(t: TFunction, sysname: string, name: string): string {
  return translateOr(t, `cashier.methodNames.${sysname}`, name);
}

/** The status as a player reads it ("Pending", "Successful"…), with a class for its colour. */
export function StatusLabel({ status, t }: { status: CashierTransaction["status"]; t: TFunction }) {
  return (
    <span className={`cashier-status cashier-status--${status}`} data-status={status}>
      {t(`cashier.status.${status}`)}
    </span>
  );
}

/** One transaction's facts: what the receipt and the result pages show; a withdrawal's progress under them. */
export function TransactionDetails({ tx, t }: { tx: CashierTransaction; t: TFunction }) {
  return (
    <>
      <dl className="cashier__details">
        <dt>{t("cashier.details.type")}</dt>
        <dd>{t(`cashier.type.${tx.type}`)}</dd>
        <dt>{t("cashier.details.amount")}</dt>
        <dd data-amount>{formatMoney(tx.amount)}</dd>
        <dt>{t("cashier.details.method")}</dt>
        <dd>{methodName(t, tx.method, tx.method_name)}</dd>
        <dt>{t("cashier.details.status")}</dt>
        <dd>
          <StatusLabel status={tx.status} t={t} />
        </dd>
        <dt>{t("cashier.details.date")}</dt>
        <dd>{formatDateTime(tx.created_at)}</dd>
        <dt>{t("cashier.details.id")}</dt>
        <dd className="cashier__id">{tx.id}</dd>
      </dl>
      {tx.tracker && tx.status !== "cancel" && <WithdrawalProgress tracker={tx.tracker} />}
    </>
  );
}
