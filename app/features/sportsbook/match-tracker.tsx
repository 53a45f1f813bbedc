import type { SportEventDetail, TimelineItem } from "../../../core/api/contract-sportsbook";
import type { TFunction } from "../../lib/i18n/translate";
import { useT } from "../../lib/i18n/use-t";
import { scoreUnit } from "./early-payout-text";

/** A moment in words: "Kick-off", "Goal – Lions", "Set – Nadal", "Full time"… */
function momentText(t: TFunction, event: SportEventDetail, m: TimelineItem): string {
  if (m.kind === "goal") return t(`betting.tracker.${scoreUnit(event.sport)}`, { team: m.side === "home" ? event.home : event.away });
  return t(`betting.tracker.${m.kind}`);
}

/**
 * The match tracker (issue 42, decision 0109): the event's live score and minute are its state line
 * (EventState, live from the feed's socket); this is what happened, newest first — the kick-off,
 * each goal with its minute and the score after it, the end — as the feed's steps wrote it.
 */
export function MatchTracker({ event }: { event: SportEventDetail }) {
  const t = useT();
  if (!event.timeline.length) return null;
  return (
    <section className="match-tracker" aria-labelledby="match-tracker-title" data-testid="match-tracker">
      <h3 id="match-tracker-title">{t("betting.tracker.title")}</h3>
      <ol className="match-tracker__timeline">
        {event.timeline.map((m) => (
          <li key={`${m.at}-${m.kind}-${m.score?.home}-${m.score?.away}`} data-kind={m.kind} data-side={m.side ?? undefined}>
            <span className="match-tracker__minute">{m.minute !== null && m.kind !== "kickoff" ? `${m.minute}'` : ""}</span>
            <span className="match-tracker__what" dir="auto">
              {momentText(t, event, m)}
            </span>
            {m.score && <span className="match-tracker__score">{`${m.score.home} : ${m.score.away}`}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
