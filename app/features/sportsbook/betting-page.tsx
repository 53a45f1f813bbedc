import { Suspense, useMemo } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import type { BettingActionData } from "./betting-actions.server";
import type { loadBetting } from "./betting.server";
import { bettingSearch } from "./betting-links";
import { pickSelection } from "./client-pick";
import { BetReceipt, DeferredSlip, DeferredSportsNav } from "./deferred-slip";
import { deferredPartsHydrated } from "./hydration-gate";
import { EventCard, EventState, MarketOdds, liveEvent } from "./event-card";
import { liveStore } from "./live-store";
import { useLiveOdds } from "./use-live-odds";

type Data = Awaited<ReturnType<typeof loadBetting>>;

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
              <h3>{t("betting.allMarkets")}</h3>
              {d.detail.markets.map((m) => (
                <MarketOdds key={m.id} market={m} live={live} picked={picked} onPick={onPick} />
              ))}
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
        {d.slip.length > 0 && (
          // Below the two-column layout the slip is under the events: a bar keeps it one tap away.
          <a className="betting__slip-bar" href="#bet-slip" data-testid="slip-bar">
            {t("betting.slip.show", { count: d.slip.length })}
            <span aria-hidden="true"> ↓</span>
          </a>
        )}
        <DeferredSlip
          lines={d.slip}
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
        />
      </div>
    </section>
  );
}
