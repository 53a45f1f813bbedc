import { Suspense } from "react";
import { Link } from "react-router";
import type { Leaderboard, Tournament } from "../../../core/api/contract-tournaments";
import type { TournamentReceipt } from "./receipts-table";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { Countdown } from "./countdown-view";
import { LeaderboardTable, preloadLeaderboardBody } from "./leaderboard-table";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { ServerHtml } from "../../ui/server-html";
import type { ParticipateActionData } from "./tournaments.server";
import { useLiveBoard } from "./use-live-board";

// The rules, scoring, prizes and winners are kept as the server sent them (ServerHtml): their code
// loads only when a client navigation renders them. The player's receipts are a signed-in part.
// The loader preloads both on the server, which renders them in place (lib/lazy-with-preload.tsx).
const loadDetails = () => import("./tournament-details");
const facts = lazyWithPreload(() => loadDetails().then((m) => m.TournamentFacts));
const details = lazyWithPreload(() => loadDetails().then((m) => m.TournamentDetails));
const receiptsTable = lazyWithPreload(() => import("./receipts-table").then((m) => m.ReceiptsTable));
// Participate: a visitor's block is kept as sent (its form posts as plain HTML and the action sends
// them to sign in); a player's answers a click at once, so hydration waits for its code
// (entry.client.tsx, `window.__pfWait`).
const participate = lazyWithPreload(() => import("./participate-form").then((m) => m.ParticipateBlock));
if (!import.meta.env.SSR && document.querySelector(".tournament__me[data-player]")) (window.__pfWait ??= []).push(participate.preload());
const ParticipateBlock = participate.Component;
const TournamentFacts = facts.Component;
const TournamentDetails = details.Component;
const ReceiptsTable = receiptsTable.Component;

/** The lazily loaded parts' code, for the server to render them in place. */
export const preloadTournamentParts = () =>
  Promise.all([facts.preload(), details.preload(), receiptsTable.preload(), participate.preload(), preloadLeaderboardBody()]);

export interface TournamentPageData {
  tournament: Tournament;
  board: Leaderboard;
  boardPage: { page: number; pages: number };
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
  // The live board keeps the first page current; the places below are the record's as asked for.
  const { state, open } = useLiveBoard(d.board, tr.status === "active" && d.boardPage.page === 1);
  return (
    <section className="tournaments tournament" data-tournament={tr.sysname} data-status={tr.status}>
      <p className="tournament__back">
        <Link to={to(`/tournaments?status=${tr.status}`)}>{t("tournaments.backToList")}</Link>
      </p>
      {tr.image && <img className="tournament__image" src={tr.image} alt="" width={1280} height={400} />}
      <h1>{tr.title}</h1>
      <Countdown tournament={tr} now={d.now} />
      <Suspense fallback={null}>
        <ServerHtml className="tournament__static" key={`${to("/")}${tr.id}:${tr.total_prize.amount}${tr.total_prize.currency}:${tr.total_participants}`}>
          <TournamentFacts tournament={tr} />
        </ServerHtml>
      </Suspense>
      <Suspense fallback={null}>
        {d.signedIn ? (
          <ParticipateBlock tournament={tr} answer={answer} signedIn showPlace={false} />
        ) : (
          <ServerHtml className="tournament__static" key={`${to("/")}${tr.id}:${tr.status}`}>
            <ParticipateBlock tournament={tr} answer={answer} signedIn={false} showPlace={false} />
          </ServerHtml>
        )}
      </Suspense>
      <p className="tournament__actions">
        {(tr.games_count > 0 || !tr.sportsbook) && (
          <Link to={to(`/tournaments/${tr.id}/gamehall`)} className="btn btn--primary" data-testid="gamehall-link">
            {t("tournaments.playGames", { count: tr.games_count })}
          </Link>
        )}
        {tr.sportsbook && (
          <Link to={to("/betting")} className="btn btn--primary" data-testid="betting-link">
            {t("tournaments.betSports")}
          </Link>
        )}
      </p>
      <Suspense fallback={null}>
        <ServerHtml className="tournament__static" key={`${to("/")}${tr.id}:${tr.status}:${tr.winners?.length ?? 0}`}>
          <TournamentDetails tournament={tr} />
        </ServerHtml>
      </Suspense>
      <LeaderboardTable state={state} live={open} finished={finished} paging={{ base: to(`/tournaments/${tr.id}`), ...d.boardPage }} />
      {d.signedIn && (
        <Suspense fallback={null}>
          <ReceiptsTable receipts={d.receipts} t={t} historyHref={to("/profile/bets/history")} />
        </Suspense>
      )}
    </section>
  );
}
