import { Link } from "react-router";
import type { Tournament } from "../../../core/api/contract-tournaments";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { Countdown } from "./countdown-view";
import { ParticipateBlock } from "./participate-form";
import type { ParticipateActionData } from "./tournaments.server";

/** One tournament on /tournaments: image, title, countdown, prize pool, players, the reader's place, Participate. */
export function TournamentCard(props: { tournament: Tournament; now: number; answer: ParticipateActionData; signedIn: boolean }) {
  const { tournament: tr, now } = props;
  const t = useT();
  const to = useLocalePath();
  return (
    <li className="tournament-card" data-tournament={tr.sysname}>
      {tr.image && <img className="tournament-card__image" src={tr.image} alt="" width={640} height={320} loading="lazy" />}
      <h2 className="tournament-card__title" id={`tournament-${tr.id}`}>
        <Link to={to(`/tournaments/${tr.id}`)}>{tr.title}</Link>
      </h2>
      <Countdown tournament={tr} now={now} />
      <TournamentFacts tournament={tr} />
      <ParticipateBlock tournament={tr} answer={props.answer} signedIn={props.signedIn} />
      <Link to={to(`/tournaments/${tr.id}`)} className="btn tournament-card__more">
        {t("tournaments.details")}
      </Link>
    </li>
  );
}

/** The prize pool and the number of players, on a card and on the tournament's page. */
export function TournamentFacts({ tournament: tr }: { tournament: Tournament }) {
  const t = useT();
  return (
    <dl className="tournament-card__facts">
      <div>
        <dt>{t("tournaments.totalPrize")}</dt>
        <dd data-testid="total-prize">{formatMoney(tr.total_prize)}</dd>
      </div>
      <div>
        <dt>{t("tournaments.participants")}</dt>
        <dd data-testid="participants">{tr.total_participants}</dd>
      </div>
    </dl>
  );
}
