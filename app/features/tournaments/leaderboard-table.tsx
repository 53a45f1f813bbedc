import { Suspense } from "react";
import { Link } from "react-router";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { ServerHtml } from "../../ui/server-html";
import type { BoardState } from "./board-state";
import { BOARD_PAGE } from "./paging";

// The rows are kept as the server sent them (ServerHtml) until the live board changes them: their
// code loads then, not with the page. The loader preloads it, so the server renders them in place.
const body = lazyWithPreload(() => import("./leaderboard-body").then((m) => m.LeaderboardBody));

/** The leaderboard rows' code, for the server to render them in place. */
export const preloadLeaderboardBody = body.preload;

/**
 * The leaderboard: the reader's own row pinned above the table, "what it takes" to reach the
 * prizes, then a page of places (leaderboard-body.tsx) and links to the places above and below.
 * Rendered by the server from the record; with JavaScript the live board keeps the first page
 * current (`live`). `base`: the tournament page's path, which `?board=` pages.
 */
export function LeaderboardTable({
  state,
  live,
  finished,
  base,
  paging,
}: {
  state: BoardState;
  live: boolean;
  finished: boolean;
  base: string;
  paging: { page: number; pages: number };
}) {
  const t = useT();
  const to = useLocalePath();
  const { items, total, me, points_to_prize } = state;
  const { page, pages } = paging;
  const pageHref = (p: number) => `${p === 1 ? base : `${base}?board=${p}`}#leaderboard`;
  const from = (page - 1) * BOARD_PAGE + 1;
  return (
    <section
      id="leaderboard"
      className="tournament__card leaderboard"
      aria-labelledby="leaderboard-title"
      data-testid="leaderboard"
      data-live={live ? "open" : "closed"}
    >
      <h2 id="leaderboard-title">
        {t("tournaments.leaderboard.title")} {live && <span className="leaderboard__live">{t("tournaments.leaderboard.live")}</span>}
      </h2>
      <Suspense fallback={null}>
        <ServerHtml className="leaderboard__body" key={to("/") + JSON.stringify([items, total, me, points_to_prize, finished])}>
          <body.Component state={state} finished={finished} />
        </ServerHtml>
      </Suspense>
      {pages > 1 && (
        <nav className="tournaments__pages" aria-label={t("tournaments.leaderboard.pages")} data-testid="board-pages">
          {page > 1 && (
            <Link to={pageHref(page - 1)} rel="prev">
              {t("tournaments.leaderboard.prev")}
            </Link>
          )}
          <span>{t("tournaments.leaderboard.range", { from, to: Math.min(total, from + BOARD_PAGE - 1), total })}</span>
          {page < pages && (
            <Link to={pageHref(page + 1)} rel="next">
              {t("tournaments.leaderboard.next")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
