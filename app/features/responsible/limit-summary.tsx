import type { DepositLimit } from "../../../core/api/entities-responsible";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";

/** The limit in force, what it leaves until when, and a raise waiting for its cooling-off. */
export function LimitSummary({ limit }: { limit: DepositLimit }) {
  const t = useT();
  const period = (p: string) => t(`responsible.limit.periods.${p}`);
  return (
    <dl className="responsible__facts" data-testid="deposit-limit">
      <dt>{t("responsible.limit.current")}</dt>
      <dd>{limit.limit_amount ? `${formatMoney(limit.limit_amount)} / ${period(limit.period)}` : t("responsible.limit.noLimit")}</dd>
      {limit.available_amount && limit.expired_at !== null && (
        <>
          <dt>{t("responsible.limit.available")}</dt>
          <dd data-available data-until={limit.expired_at}>
            <strong>{formatMoney(limit.available_amount)}</strong> {t("responsible.limit.until", { date: formatDateTime(limit.expired_at) })}
          </dd>
        </>
      )}
      {limit.pending && (
        <>
          <dt>{t("responsible.limit.pending")}</dt>
          <dd data-pending data-from={limit.pending.effective_at}>
            <strong>
              {limit.pending.limit_amount ? `${formatMoney(limit.pending.limit_amount)} / ${period(limit.pending.period)}` : t("responsible.limit.noLimit")}
            </strong>{" "}
            {t("responsible.limit.from", { date: formatDateTime(limit.pending.effective_at) })}
          </dd>
        </>
      )}
    </dl>
  );
}
