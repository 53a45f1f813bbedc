import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import type { Challenge } from "../../../core/api/contract-challenges";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { Countdown } from "../tournaments/countdown-view";
import { multiplierText, standingText, takesText } from "./challenge-texts";

/** How often an open page asks for the places again while a challenge is open (live progress). */
export const CHALLENGES_REFRESH_MS = 15_000;

/**
 * The first-to-hit challenges (issue 43, decision 0117) on /tournaments: each with what it takes (the
 * game, the least bet, the multiplier), its prize, the places taken and by whom, the reader's place or
 * their best round so far, and Play. Server-rendered; with JavaScript the page asks again every 15 s
 * while it is visible and a challenge is open, so places taken by others appear.
 */
export function ChallengesSection({ challenges, now }: { challenges: Challenge[]; now: number }) {
  const t = useT();
  const open = challenges.some((c) => c.status === "active" || c.status === "future");
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") void revalidate();
    }, CHALLENGES_REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, revalidate, state]);
  if (!challenges.length) return null;
  return (
    <section className="challenges" aria-labelledby="challenges-title" data-testid="challenges">
      <h2 id="challenges-title">{t("challenges.title")}</h2>
      <p className="challenges__intro">{t("challenges.intro")}</p>
      <ul className="tournament-cards">
        {challenges.map((c) => (
          <ChallengeCard key={c.id} challenge={c} now={now} />
        ))}
      </ul>
    </section>
  );
}

function ChallengeCard({ challenge: c, now }: { challenge: Challenge; now: number }) {
  const t = useT();
  const to = useLocalePath();
  const left = c.winners - c.claimed;
  const mine = c.claims.find((k) => k.is_me);
  return (
    <li className="tournament-card challenge-card" data-challenge={c.sysname} data-status={c.status}>
      <h3 className="tournament-card__title">{c.title}</h3>
      {c.description && <p className="challenge-card__description">{c.description}</p>}
      {c.status === "full" ? <p className="tournament__countdown">{t("challenges.full")}</p> : <Countdown tournament={c} now={now} />}
      <p className="challenge-card__takes" data-testid="challenge-takes">
        {takesText(t, c)}
      </p>
      <dl className="tournament-card__facts">
        <div>
          <dt>{t("challenges.prize")}</dt>
          <dd data-testid="challenge-prize">{c.prize.type === "money" && c.prize.amount ? formatMoney(c.prize.amount) : c.prize.title}</dd>
        </div>
        <div>
          <dt>{t("challenges.places")}</dt>
          <dd data-testid="challenge-places">{t("challenges.placesTaken", { claimed: c.claimed, winners: c.winners })}</dd>
        </div>
      </dl>
      <progress className="challenge-card__progress" max={c.winners} value={c.claimed} aria-label={t("challenges.places")} />
      {c.me && (
        <p className="challenge-card__me" data-testid="challenge-me">
          {standingText(t, { ...c, me: c.me })}
        </p>
      )}
      {c.claims.length > 0 && (
        <ol className="challenge-card__claims" aria-label={t("challenges.claimsTitle")} data-testid="challenge-claims">
          {c.claims.map((k) => (
            <li key={k.rank} value={k.rank} data-me={k.is_me || undefined}>
              {k.is_me ? t("challenges.you") : k.player} · {multiplierText(k.multiplier)}
            </li>
          ))}
        </ol>
      )}
      {(c.status === "active" || c.status === "future") && left > 0 && !mine && (
        <Link to={to(`/game/${c.game.sysname}`)} className="btn btn--primary tournament-card__more">
          {t("challenges.play", { game: c.game.title })}
        </Link>
      )}
    </li>
  );
}
