import { useEffect, useState } from "react";
import { formatDateTime } from "../../../core/dates";
import { useT } from "../../lib/i18n/use-t";
import { countdownTarget, tickEvery, timeLeft } from "./countdown";

type Timed = { status: string; starts_at: number; ends_at: number };

/**
 * "Ends in 3 d 04 h 05 min" / "Starts in …" / "Ended on …". The server renders it at its own
 * clock (`now` from the loader, so hydration matches); after hydration a timer redraws it each
 * minute, or each second in the last day — nothing else on the page re-renders.
 */
export function Countdown({ tournament, now: serverNow }: { tournament: Timed; now: number }) {
  const t = useT();
  const target = countdownTarget(tournament);
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (target === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const every = tickEvery(target, at);
      if (every !== null) timer = setTimeout(tick, every - (at % every));
    };
    tick();
    return () => clearTimeout(timer);
  }, [target]);
  if (target === null) {
    return <p className="tournament__countdown">{t("tournaments.endedOn", { date: formatDateTime(tournament.ends_at) })}</p>;
  }
  const { d, h, m, s } = timeLeft(target, now);
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = d > 0 ? t("tournaments.timeDays", { d, h: pad(h), m: pad(m) }) : t("tournaments.timeHours", { h: pad(h), m: pad(m), s: pad(s) });
  return (
    <p className="tournament__countdown" data-target={target}>
      {t(tournament.status === "future" ? "tournaments.startsIn" : "tournaments.endsIn", { time })}{" "}
      <time dateTime={new Date(target).toISOString()} className="tournament__at">
        ({formatDateTime(target)})
      </time>
    </p>
  );
}
