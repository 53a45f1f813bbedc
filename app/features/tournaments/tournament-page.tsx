import { Link } from "react-router";
import type { Leaderboard, Tournament } from "../../../core/api/contract-tournaments";
import type { TournamentReceipt } from "./receipts-table";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { Countdown } from "./countdown-view";
import { TournamentFacts } from "./tournament-card";
import { LeaderboardTable } from "./leaderboard-table";
import { ParticipateBlock } from "./participate-form";
import { ReceiptsTable } from "./receipts-table";
import { PrizesTable, ScoringRules, WinnersList } from "./tournament-rules";
import type { ParticipateActionData } from "./tournaments.server";
import { useLiveBoard } from "./use-live-board";

export interface TournamentPageData {
  tournament: Tournament;
  board: Leaderboard;
  receipts: TournamentReceipt[];
  signedIn: boolean;
  now: number;
}

/**
 * One tournament: countdown, Participate, rules and scoring in words, prizes, the leaderboard
 * (live with JavaScript, the reader's row pinned), the reader's scoring rounds; once finished,
 * the winners instead of the live board.
 */
export function TournamentPage({ data: d, answer }: { data: TournamentPageData; answer: ParticipateActionData }) {
  const t = useT();
  const to = useLocalePath();
  const tr = d.tournament;
  const finished = tr.status === "finished";
  const { state, open } = useLiveBoard(d.board, tr.status === "active");
  return (
    <section className="tournaments tournament" data-tournament={tr.sysname} data-status={tr.status}>
      <p className="tournament__back">
        <Link to={to(`/tournaments?status=${tr.status}`)}>{t("tournaments.backToList")}</Link>
      </p>
      {tr.image && <img className="tournament__image" src={tr.image} alt="" width={1280} height={400} />}
      <h1>{tr.title}</h1>
      <Countdown tournament={tr} now={d.now} />
      <TournamentFacts tournament={tr} />
      <ParticipateBlock tournament={tr} answer={answer} signedIn={d.signedIn} showPlace={false} />
      <p>
        <Link to={to(`/tournaments/${tr.id}/gamehall`)} className="btn btn--primary" data-testid="gamehall-link">
          {t("tournaments.playGames", { count: tr.games_count })}
        </Link>
      </p>
      {tr.description && (
        <section className="tournament__card" aria-labelledby="rules-title">
          <h2 id="rules-title">{t("tournaments.rules")}</h2>
          {tr.description.split(/\n{2,}/).map((para, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text; their order is their identity
            <p key={i}>{para}</p>
          ))}
        </section>
      )}
      <ScoringRules tournament={tr} t={t} />
      {tr.prizes && tr.prizes.length > 0 && <PrizesTable prizes={tr.prizes} t={t} />}
      {finished && tr.winners && <WinnersList winners={tr.winners} t={t} />}
      <LeaderboardTable state={state} live={open} finished={finished} />
      {d.signedIn && <ReceiptsTable receipts={d.receipts} t={t} />}
    </section>
  );
}
