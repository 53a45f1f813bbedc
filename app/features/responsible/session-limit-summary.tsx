import type { ResponsibleGaming } from "../../../core/api/entities-responsible";
import { formatDateTime } from "../../../core/dates";
import { useT } from "../../lib/i18n/use-t";

/** A session's length as a player reads it: "30 minutes", "1 hour", "8 hours". */
export function useSessionLength(): (minutes: number) => string {
  const t = useT();
  return (minutes) =>
    minutes < 60
      ? t("responsible.session.minutes", { count: minutes })
      : minutes === 60
        ? t("responsible.session.hour")
        : t("responsible.session.hours", { count: minutes / 60 });
}

/** The player's session limit and when it ends the session in progress, as the page states it. */
export function SessionLimitSummary({ state }: { state: ResponsibleGaming }) {
  const t = useT();
  const length = useSessionLength();
  const { minutes, pending } = state.session_limit;
  return (
    <dl className="responsible__facts" data-session-limit={minutes ?? "none"}>
      <dt>{t("responsible.session.current")}</dt>
      <dd>{minutes === null ? t("responsible.session.none") : t("responsible.session.after", { length: length(minutes) })}</dd>
      {state.session.ends_at !== null && (
        <>
          <dt>{t("responsible.session.thisSession")}</dt>
          <dd data-session-ends>{t("responsible.session.endsAt", { date: formatDateTime(state.session.ends_at) })}</dd>
        </>
      )}
      {pending && (
        <>
          <dt>{t("responsible.limit.pending")}</dt>
          <dd data-session-pending>
            {pending.minutes === null ? t("responsible.session.none") : length(pending.minutes)} ·{" "}
            {t("responsible.limit.from", { date: formatDateTime(pending.effective_at) })}
          </dd>
        </>
      )}
    </dl>
  );
}
