import { Suspense } from "react";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { lazyWithPreload } from "../../lib/lazy-with-preload";
import { ServerHtml } from "../../ui/server-html";
import type { BoardState } from "./board-state";
import type { BoardPaging } from "./leaderboard-body";

// The rows are kept as the server sent them (ServerHtml) until the live board changes them: their
// code loads then, not with the page. The loader preloads it, so the server renders them in place.
const body = lazyWithPreload(() => import("./leaderboard-body").then((m) => m.LeaderboardBody));

/** The leaderboard rows' code, for the server to render them in place. */
export const preloadLeaderboardBody = body.preload;

/**
 * The leaderboard: the reader's own row pinned above the table, "what it takes" to reach the
 * prizes, then a page of places and links to the places above and below (leaderboard-body.tsx).
 * Rendered by the server from the record; with JavaScript the live board keeps the first page
 * current (`live`). `base`: the tournament page's path, which `?board=` pages.
 */
export function LeaderboardTable({ state, live, finished, paging }: { state: BoardState; live: boolean; finished: boolean; paging: BoardPaging }) {
  const t = useT();
  const to = useLocalePath();
  const { items, total, me, points_to_prize } = state;
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
        <ServerHtml className="leaderboard__body" key={to("/") + JSON.stringify([items, total, me, points_to_prize, finished, paging])}>
          <body.Component state={state} finished={finished} paging={paging} />
        </ServerHtml>
      </Suspense>
    </section>
  );
}
