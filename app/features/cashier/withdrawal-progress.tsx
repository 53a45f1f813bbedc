import { Link } from "react-router";
import type { WithdrawSettings, WithdrawalTracker } from "../../../core/api/entities-cashier";
import { formatDateTime } from "../../../core/dates";
import type { TFunction } from "../../lib/i18n/translate";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

const STAGES = ["requested", "approved", "sent", "paid"] as const;

/** A duration as a player reads it: minutes under an hour, hours and minutes under two days, then days and hours. */
export function durationText(t: TFunction, ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return t("cashier.duration.minutes", { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("cashier.duration.hours", { hours, minutes: minutes % 60 });
  return t("cashier.duration.days", { days: Math.floor(hours / 24), hours: hours % 24 });
}

/**
 * A withdrawal's stages (decision 0112): requested, approved, sent, paid, each with its time once
 * reached, the one it is at marked as the current step; under them, what it waits for now and by
 * when (a verification links to the player's verification page), and when it is expected paid. A
 * paid withdrawal says what held it, if anything did.
 */
export function WithdrawalProgress({ tracker }: { tracker: WithdrawalTracker }) {
  const t = useT();
  const to = useLocalePath();
  const at: Record<(typeof STAGES)[number], number | null> = {
    requested: tracker.requested_at,
    approved: tracker.approved_at,
    sent: tracker.sent_at,
    paid: tracker.paid_at,
  };
  const current = tracker.waiting ? STAGES.find((s) => at[s] === null) : undefined;
  const time = (ms: number) => (
    <time dateTime={new Date(ms).toISOString()} suppressHydrationWarning>
      {formatDateTime(ms)}
    </time>
  );
  return (
    <div className="withdrawal-progress" data-testid="withdrawal-progress">
      <ol className="withdrawal-progress__stages" aria-label={t("cashier.tracker.label")}>
        {STAGES.map((s) => {
          const reached = at[s];
          const state = reached !== null ? "done" : s === current ? "current" : "upcoming";
          return (
            <li
              key={s}
              className={`withdrawal-progress__stage withdrawal-progress__stage--${state}`}
              data-stage={s}
              data-state={state}
              aria-current={state === "current" ? "step" : undefined}
            >
              <span className="withdrawal-progress__name">{t(`cashier.tracker.stages.${s}`)}</span>
              {reached !== null && time(reached)}
            </li>
          );
        })}
      </ol>
      {tracker.waiting && (
        <p className="withdrawal-progress__wait" data-waiting={tracker.waiting}>
          {t(`cashier.tracker.waiting.${tracker.waiting}`, { time: tracker.next_at ? formatDateTime(tracker.next_at) : "" })}
          {tracker.waiting === "verification" && (
            <>
              {" "}
              <Link to={to("/profile/verification")}>{t("cashier.tracker.verification")}</Link>
            </>
          )}
        </p>
      )}
      {tracker.waiting && tracker.expected_paid_at !== null && (
        <p className="withdrawal-progress__expected" data-expected>
          {t("cashier.tracker.expected", { time: formatDateTime(tracker.expected_paid_at) })}
        </p>
      )}
      {!tracker.waiting && tracker.paid_at !== null && tracker.hold && (
        <p className="withdrawal-progress__held" data-held={tracker.hold}>
          {t(`cashier.tracker.held.${tracker.hold}`)}
        </p>
      )}
    </div>
  );
}

/** The cashier's published approval times (decision 0112): the site's own median and 95th percentile over the last days. */
export function PayoutTimes({ times }: { times: WithdrawSettings["payout_times"] }) {
  const t = useT();
  if (!times) return null;
  return (
    <section className="cashier__payout-times" aria-labelledby="payout-times" data-testid="payout-times">
      <h2 id="payout-times">{t("cashier.payoutTimes.title")}</h2>
      <p data-median={times.median_ms} data-p95={times.p95_ms} data-count={times.count}>
        {t("cashier.payoutTimes.text", {
          days: times.days,
          median: durationText(t, times.median_ms),
          p95: durationText(t, times.p95_ms),
          count: times.count,
        })}
      </p>
    </section>
  );
}
