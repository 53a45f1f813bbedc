import { Link } from "react-router";
import type { SportEvent, SportMarket } from "../../../core/api/contract-sportsbook";
import { useT } from "../../lib/i18n/use-t";
import type { LiveState } from "./live-odds-state";
import { OddsButton } from "./odds-button";
import { earlyPayoutLead } from "../../../core/early-payout";
import { earlyLeadText } from "./early-payout-text";

type Props = { event: SportEvent; live: LiveState; picked: ReadonlySet<number>; onPick(id: number, odds: number): void };
type CardProps = Props & { href: string; when: string };

/** The event's state as the feed last said it (newer than the server's render, or the same). */
export function liveEvent(event: SportEvent, live: LiveState) {
  const l = live.events[event.id];
  return l && l.version >= event.version ? { ...event, ...l } : event;
}

/** When it starts, or its live minute and score, or how it ended. */
export function EventState({ event, when }: { event: SportEvent; when: string }) {
  const t = useT();
  const score = event.score ? `${event.score.home} : ${event.score.away}` : null;
  return (
    <p className="sport-event__state">
      {event.status === "live" ? (
        <>
          <span className="sport-event__live">{t("betting.live")}</span>
          {event.minute !== null && <span> {t("betting.minute", { minute: event.minute })}</span>}
        </>
      ) : event.status === "prematch" ? (
        <time dateTime={new Date(event.starts_at).toISOString()}>{when}</time>
      ) : (
        <span>{t(`betting.${event.status}`)}</span>
      )}
      {score && <span className="sport-event__score"> {score}</span>}
    </p>
  );
}

/** A market's odds buttons; a suspended market says so and takes no picks. */
export function MarketOdds({ market, live, picked, onPick, sport }: { market: SportMarket; sport?: string } & Omit<Props, "event">) {
  const t = useT();
  const status = live.markets[market.id] ?? market.status;
  // The event's page says which market pays early, and at what lead (decision 0107).
  const early = sport ? earlyPayoutLead(sport, market.kind) : null;
  return (
    <div className="sport-market" data-market={market.id} data-status={status}>
      <h4 className="sport-market__title">
        {market.title}
        {status === "suspended" && <span className="sport-market__suspended"> · {t("betting.suspended")}</span>}
      </h4>
      {early !== null && (status === "open" || status === "suspended") && (
        <p className="sport-market__early" data-testid="early-payout">
          {t("betting.early.note", { lead: earlyLeadText(t, sport!, early) })}
        </p>
      )}
      <div className="sport-market__odds">
        {market.selections.map((s) => (
          <OddsButton
            key={s.id}
            selection={s}
            odds={live.selections[s.id]?.odds ?? s.odds}
            open={status === "open"}
            picked={picked.has(s.id)}
            moved={live.moved[s.id]}
            onPick={onPick}
          />
        ))}
      </div>
    </div>
  );
}

/** An event of the list: league, state, teams (a link to all its markets) and its main markets. */
export function EventCard({ event, href, when, ...rest }: CardProps) {
  const e = liveEvent(event, rest.live);
  return (
    <li className="sport-event" data-event={event.id} data-status={e.status}>
      <p className="sport-event__league">{event.league}</p>
      <EventState event={e} when={when} />
      <h3 className="sport-event__teams">
        <Link to={href} dir="auto">{`${event.home} – ${event.away}`}</Link>
      </h3>
      {event.markets.map((m) => (
        <MarketOdds key={m.id} market={m} {...rest} />
      ))}
    </li>
  );
}
