import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/profile.cashback";
import { BONUS_EVENT } from "../../core/api/bonus-event";
import type { Cashback } from "../../core/api/contract-cashback";
import { formatDate, formatDateTime } from "../../core/dates";
import { formatMoney } from "../../core/money";
import { FieldErrors } from "../ui/form/field";
import { cashbackAction, loadCashback, type CashbackActionData } from "../features/profile/cashback.server";
import { ProfileNav } from "../features/profile/profile-nav";
import { useRevalidateOn } from "../features/realtime/use-revalidate-on";
import { useT } from "../lib/i18n/use-t";

export const loader = (args: Route.LoaderArgs) => loadCashback(args);
export const action = (args: Route.ActionArgs) => cashbackAction(args);

function CashbackButton({ cashback, intent, label, primary, busy }: { cashback: Cashback; intent: string; label: string; primary?: boolean; busy: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cashback_id" value={cashback.id} />
      <button type="submit" className={`btn ${primary ? "btn--primary" : "btn--ghost"}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** The week a cashback is for, first and last day (end_date is the next week's first moment). */
export const cashbackPeriod = (c: Pick<Cashback, "period_start" | "end_date">) => ({ from: formatDate(c.period_start), to: formatDate(c.end_date - 1) });

/**
 * The player's cashback (issue 18): each week's amount, period, status and claim-until; claim or
 * remove, as forms. Re-reads itself when the realtime channel says a bonus (a cashback) changed.
 */
export default function ProfileCashback({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  useRevalidateOn(BONUS_EVENT);
  const { items } = loaderData.list;
  const refused = actionData as CashbackActionData;
  return (
    <section className="responsible">
      <ProfileNav current="/profile/cashback" />
      <h1>{t("profile.cashback.title")}</h1>
      <p>{t("profile.cashback.intro")}</p>
      <section className="responsible__card" aria-label={t("profile.cashback.title")} data-testid="cashback-list">
        {items.length === 0 && <p>{t("profile.cashback.none")}</p>}
        {items.map((c) => {
          const status = c.is_expired ? "expired" : c.status;
          return (
            <article key={c.id} className="bonus" data-cashback={c.id} data-status={status}>
              <h2>{c.title}</h2>
              <p>{t("profile.cashback.period", cashbackPeriod(c))}</p>
              {c.description && <p>{c.description}</p>}
              <dl className="bonus__terms">
                <dt>{t("profile.cashback.amount")}</dt>
                <dd data-amount>{formatMoney(c.amount)}</dd>
                <dt>{t("profile.cashback.loss")}</dt>
                <dd>
                  {formatMoney(c.loss)} ({t("profile.cashback.percent", { percent: String(c.percent) })})
                </dd>
              </dl>
              <p>
                <strong>{t(`profile.cashback.status.${status}`)}</strong>
              </p>
              {c.status === "active" && c.receiving_expired_at !== null && (
                <p className="responsible__hint">
                  {t(c.is_expired ? "profile.cashback.claimEnded" : "profile.cashback.claimUntil", { time: formatDateTime(c.receiving_expired_at) })}
                </p>
              )}
              <FieldErrors id={`cashback-${c.id}-error`} errors={refused?.cashbackId === c.id ? refused.formErrors : undefined} />
              <div className="bonus__actions">
                {c.status === "active" && !c.is_expired && (
                  <CashbackButton cashback={c} intent="payout" label={t("profile.cashback.payout")} primary busy={busy} />
                )}
                <CashbackButton cashback={c} intent="remove" label={t("profile.cashback.remove")} busy={busy} />
              </div>
            </article>
          );
        })}
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Cashback"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
