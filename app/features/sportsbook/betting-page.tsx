import { Suspense, useEffect, useMemo, useRef } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import type { BettingActionData } from "./betting-actions.server";
import type { loadBetting } from "./betting.server";
import { bettingSearch } from "./betting-links";
import { pickSelection } from "./client-pick";
import { BetReceipt, DeferredSlip, DeferredSportsNav } from "./deferred-slip";
import { deferredPartsHydrated } from "./hydration-gate";
import { EventCard, EventState, MarketOdds, liveEvent } from "./event-card";
import { MatchTracker } from "./match-tracker";
import { liveStore } from "./live-store";
import { useLiveOdds } from "./use-live-odds";
import { legValue, MAX_GOALS } from "./builder-legs";
import type { SportEvent } from "../../../core/api/contract-sportsbook";

type Data = Awaited<ReturnType<typeof loadBetting>>;

/** The sports whose bet builder offers both teams to score and a correct score (decision 0104). */
const GOAL_SPORTS = new Set(["football", "ice-hockey"]);

/**
 * A bet builder's own legs on an event's page (decision 0104): both teams to score (buttons of the
 * page's pick form) and a correct score (a form of its own: two numbers). Plain posts, so they work
 * without JavaScript; with it the router posts them and re-reads the page.
 */
function BuilderExtras({ event, picked }: { event: SportEvent; picked: Set<string> }) {
  const t = useT();
  const leg = (text: string) => legValue({ event: event.id, leg: text });
  return (
    <section className="builder-extras" aria-labelledby="builder-extras-title" data-testid="builder-extras">
      <h3 id="builder-extras-title">{t("betting.builder.title")}</h3>
      <p className="bet-slip__hint">{t("betting.builder.intro")}</p>
      <fieldset className="builder-extras__row">
        <legend>{t("betting.builder.btts")}</legend>
        {(["yes", "no"] as const).map((answer) => (
          <button
            key={answer}
            type="submit"
            form="betting-pick"
            name="pick"
            value={leg(`btts:${answer}`)}
            className="odds-button"
            aria-pressed={picked.has(leg(`btts:${answer}`))}
          >
            {t(`betting.builder.${answer}`)}
          </button>
        ))}
      </fieldset>
      <Form method="post" className="builder-extras__score" aria-label={t("betting.builder.correctScore")}>
        <input type="hidden" name="intent" value="score" />
        <input type="hidden" name="event" value={event.id} />
        <span className="builder-extras__title">{t("betting.builder.correctScore")}</span>
        <label>
          <span dir="auto">{t("betting.builder.goals", { team: event.home })}</span>
          <input type="number" name="home" min={0} max={MAX_GOALS} required inputMode="numeric" defaultValue={event.score?.home ?? 0} />
        </label>
        <label>
          <span dir="auto">{t("betting.builder.goals", { team: event.away })}</span>
          <input type="number" name="away" min={0} max={MAX_GOALS} required inputMode="numeric" defaultValue={event.score?.away ?? 0} />
        </label>
        <button type="submit" className="btn btn--ghost">
          {t("betting.builder.addScore")}
        </button>
      </Form>
    </section>
  );
}

/**
 * `/betting` (decision 0073-sportsbook-page): the sports menu, the events (or one event with all
 * its markets) with live odds, and the bet slip. The odds buttons belong to one pick form, so a
 * pick is a plain post without JavaScript and a cookie write with it.
 */
export function BettingPage({ data: d, answer, betError }: { data: Data; answer: BettingActionData; betError: BettingActionData }) {
  const t = useT();
  const to = useLocalePath();
  // One array per loader answer: useLiveOdds merges it in an effect keyed on it, and a new array
  // every render made that effect set state on every render — on a busy page an endless loop of
  // renders (React's "maximum update depth", the slip never taking the pick).
  const shown = useMemo(() => (d.detail ? [d.detail, ...d.events] : d.events), [d.detail, d.events]);
  const { live, open } = useLiveOdds(shown);
  const { revalidate } = useRevalidator();
  const picked = new Set(d.slip.map((l) => l.entry.id));
  const onPick = (id: number, odds: number) =>
    void pickSelection({ id, odds })
      .then(deferredPartsHydrated)
      .then(() => revalidate());
  // The match tracker's timeline comes with the page's data: a new score from the feed's socket
  // brings the moment that made it (a goal is rare enough to read the page again for).
  const liveScore = d.detail ? liveEvent(d.detail, live).score : null;
  const scoreText = liveScore ? `${liveScore.home}:${liveScore.away}` : "";
  const served = d.detail?.score ? `${d.detail.score.home}:${d.detail.score.away}` : "";
  const askedFor = useRef("");
  useEffect(() => {
    if (!scoreText || scoreText === served || askedFor.current === scoreText) return;
    askedFor.current = scoreText;
    revalidate();
  }, [scoreText, served, revalidate]);
  const list = `${to("/betting")}${bettingSearch({ sport: d.sport, league: d.league })}`;
  const error = answer ?? betError;
  return (
    <section className="betting" data-live={open ? "open" : undefined}>
      <h1>{t("betting.title")}</h1>
      {d.notice && (
        <p className="betting__notice" role="note">
          {t("betting.notice")}
        </p>
      )}
      <div className="betting__layout">
        <DeferredSportsNav sports={d.sports} sport={d.sport} league={d.league} />
        <div className="betting__main">
          <Form method="post" id="betting-pick" hidden>
            <input type="hidden" name="intent" value="pick" />
          </Form>
          {d.receipt.length > 0 && (
            <Suspense fallback={null}>
              <BetReceipt bets={d.receipt} />
            </Suspense>
          )}
          {d.detail && (
            <article className="sport-event sport-event--detail" data-event={d.detail.id} data-status={liveEvent(d.detail, live).status}>
              <Link to={list}>{t("betting.backToEvents")}</Link>
              <p className="sport-event__league">{d.detail.league}</p>
              <h2 className="sport-event__teams" dir="auto">{`${d.detail.home} – ${d.detail.away}`}</h2>
              <EventState event={liveEvent(d.detail, live)} when={d.startTimes[d.detail.id] ?? ""} />
              <MatchTracker event={d.detail} />
              <h3>{t("betting.allMarkets")}</h3>
              {d.detail.markets.map((m) => (
                <MarketOdds key={m.id} market={m} live={live} picked={picked} onPick={onPick} sport={d.detail!.sport} />
              ))}
              {GOAL_SPORTS.has(d.detail.sport) && (d.detail.status === "prematch" || d.detail.status === "live") && (
                <BuilderExtras event={d.detail} picked={new Set(d.slipLegs.map((l) => legValue(l.leg)))} />
              )}
            </article>
          )}
          <h2>{t("betting.events")}</h2>
          {d.events.length === 0 ? (
            <p className="betting__empty">{t("betting.empty")}</p>
          ) : (
            <ul className="sport-events">
              {d.events.map((e) => (
                <EventCard
                  key={e.id}
                  event={e}
                  when={d.startTimes[e.id] ?? ""}
                  href={`${to("/betting")}${bettingSearch({ sport: d.sport, league: d.league, event: e.id })}`}
                  live={live}
                  picked={picked}
                  onPick={onPick}
                />
              ))}
            </ul>
          )}
        </div>
        {d.slip.length + d.slipLegs.length > 0 && (
          // Below the two-column layout the slip is under the events: a bar keeps it one tap away.
          <a className="betting__slip-bar" href="#bet-slip" data-testid="slip-bar">
            {t("betting.slip.show", { count: d.slip.length + d.slipLegs.length })}
            <span aria-hidden="true"> ↓</span>
          </a>
        )}
        <DeferredSlip
          lines={d.slip}
          legs={d.slipLegs}
          builder={d.builder}
          slipKey={d.slipKey}
          player={d.player}
          signIn={d.signIn}
          balance={d.balance}
          oddsChange={d.oddsChange}
          freeBet={d.freeBet}
          error={error?.error ?? null}
          errorSelection={error?.selection ?? null}
          refused={error?.odds ?? null}
          live={liveStore}
          shareUrl={d.shareUrl}
          shared={d.shared}
        />
      </div>
    </section>
  );
}
