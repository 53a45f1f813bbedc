import { Link } from "react-router";
import type { Route } from "./+types/tournaments";
import { TOURNAMENT_STATUSES } from "../../core/api/tournament-constants";
import { TournamentCard } from "../features/tournaments/tournament-card";
import { ChallengesSection } from "../features/challenges/challenge-card";
import { loadTournaments, participateAction, type ParticipateActionData } from "../features/tournaments/tournaments.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";

export const loader = (args: Route.LoaderArgs) => loadTournaments(args);
export const action = (args: Route.ActionArgs) => participateAction(args);

/**
 * `/tournaments?status=` (public; issue 22, decision 0048): tabs active / future / finished as
 * links, a card per tournament with its countdown, prize pool, players, the reader's place and
 * Participate (a form: works without JavaScript); on the active tab, the first-to-hit challenges.
 */
export default function Tournaments({ loaderData: d, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const answer = actionData as ParticipateActionData;
  // A refusal for a tournament not on this tab (a hand-made post) still says so.
  const stray = answer && !d.tournaments.some((tr) => tr.id === answer.tournamentId) ? answer.error : null;
  return (
    <section className="tournaments">
      <h1>{t("tournaments.title")}</h1>
      <p className="tournaments__intro">{t("tournaments.intro")}</p>
      <nav className="tournaments__tabs" aria-label={t("tournaments.tabs.label")}>
        {TOURNAMENT_STATUSES.map((s) => (
          <Link
            key={s}
            to={`${to("/tournaments")}${s === "active" ? "" : `?status=${s}`}`}
            aria-current={s === d.status ? "page" : undefined}
            className="tournaments__tab"
          >
            {t(`tournaments.tabs.${s}`)}
          </Link>
        ))}
      </nav>
      {stray && (
        <p className="tournament__error" data-testid="participate-error">
          {stray}
        </p>
      )}
      {d.tournaments.length === 0 ? (
        <p className="tournaments__empty" data-testid="tournaments-empty">
          {t(`tournaments.empty.${d.status}`)}
        </p>
      ) : (
        <ul className="tournament-cards" data-testid="tournaments">
          {d.tournaments.map((tr) => (
            <TournamentCard key={tr.id} tournament={tr} now={d.now} answer={answer} signedIn={d.signedIn} />
          ))}
        </ul>
      )}
      <ChallengesSection challenges={d.challenges} now={d.now} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
