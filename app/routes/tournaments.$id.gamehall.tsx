import { Link } from "react-router";
import type { Route } from "./+types/tournaments.$id.gamehall";
import { LazyGameTile } from "../features/games/lazy-game-tile";
import { loadTournamentGamehall } from "../features/tournaments/tournaments.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { ServerHtml } from "../ui/server-html";

/** `/tournaments/{id}/gamehall?page=`: the tournament's games as lobby tiles, 12 a page (SPEC §9), pages by links. */
export const loader = (args: Route.LoaderArgs) => loadTournamentGamehall(args, args.params.id);

export default function TournamentGamehall({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const base = to(`/tournaments/${d.tournament.id}/gamehall`);
  const pageHref = (p: number) => (p === 1 ? base : `${base}?page=${p}`);
  return (
    <section className="tournaments tournament-gamehall" data-tournament={d.tournament.sysname}>
      <p className="tournament__back">
        <Link to={to(`/tournaments/${d.tournament.id}`)}>{t("tournaments.gamehall.back", { title: d.tournament.title })}</Link>
      </p>
      <h1>{t("tournaments.gamehall.title", { title: d.tournament.title })}</h1>
      {d.games.length === 0 ? (
        <p>{t("tournaments.gamehall.empty")}</p>
      ) : (
        <ServerHtml as="ul" className="lobby-grid" key={base + d.page}>
          {d.games.map((g, i) => (
            <LazyGameTile key={g.id} game={g} index={i} href={to(`/game/${g.sysname}`)} />
          ))}
        </ServerHtml>
      )}
      {d.pages > 1 && (
        <nav className="tournaments__pages" aria-label={t("tournaments.gamehall.pages")}>
          {d.page > 1 && (
            <Link to={pageHref(d.page - 1)} rel="prev">
              {t("tournaments.gamehall.prev")}
            </Link>
          )}
          <span>{t("tournaments.gamehall.page", { page: d.page, pages: d.pages })}</span>
          {d.page < d.pages && (
            <Link to={pageHref(d.page + 1)} rel="next">
              {t("tournaments.gamehall.next")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
