import { formatWhole } from "../../../core/numbers";
import { Link } from "react-router";
import type { LeaderboardRow } from "../../../core/api/contract-tournaments";
import { useT } from "../../lib/i18n/use-t";
import type { BoardState } from "./board-state";
import { BOARD_PAGE } from "./paging";

/** Whether a row of the top is the reader's own (the pushed top carries no is_me): same place, same name. */
export function isMine(row: Pick<LeaderboardRow, "rank" | "player">, me: LeaderboardRow | null): boolean {
  return !!me && row.rank === me.rank && row.player === me.player;
}

function Row({ row, mine }: { row: Omit<LeaderboardRow, "is_me">; mine: boolean }) {
  return (
    <tr data-player={row.player} data-rank={row.rank} aria-current={mine ? "true" : undefined} className={mine ? "leaderboard__mine" : undefined}>
      <td className="leaderboard__num">{row.rank}</td>
      <td>
        <bdi>{row.player}</bdi>
      </td>
      <td className="leaderboard__num" data-points={row.points}>
        {formatWhole(row.points)}
      </td>
    </tr>
  );
}

/** The page of places shown (`?board=`), of how many, and the tournament page's path it pages. */
export interface BoardPaging {
  base: string;
  page: number;
  pages: number;
}

/** Links to the places above and below this page, without JavaScript too. */
function BoardPages({ paging: { base, page, pages }, total }: { paging: BoardPaging; total: number }) {
  const t = useT();
  if (pages <= 1) return null;
  const href = (p: number) => `${p === 1 ? base : `${base}?board=${p}`}#leaderboard`;
  const from = (page - 1) * BOARD_PAGE + 1;
  return (
    <nav className="tournaments__pages" aria-label={t("tournaments.leaderboard.pages")} data-testid="board-pages">
      {page > 1 && (
        <Link to={href(page - 1)} rel="prev">
          {t("tournaments.leaderboard.prev")}
        </Link>
      )}
      <span>{t("tournaments.leaderboard.range", { from, to: Math.min(total, from + BOARD_PAGE - 1), total })}</span>
      {page < pages && (
        <Link to={href(page + 1)} rel="next">
          {t("tournaments.leaderboard.next")}
        </Link>
      )}
    </nav>
  );
}

/**
 * The leaderboard's content: the reader's own row pinned above the table ("Your place", also when
 * they are below the rows shown), "what it takes" to reach the prizes, a page of places and the
 * links to the others. A lazy chunk (leaderboard-table.tsx): the server's rendering stays as sent
 * until the board moves.
 */
export function LeaderboardBody({ state, finished, paging }: { state: BoardState; finished: boolean; paging: BoardPaging }) {
  const t = useT();
  const { me, points_to_prize: toPrize } = state;
  return (
    <>
      {me && (
        <p className="leaderboard__pinned" data-testid="my-row" data-rank={me.rank} data-points={me.points}>
          {t("tournaments.leaderboard.pinned", { rank: me.rank, points: formatWhole(me.points) })}
        </p>
      )}
      {!finished && me && toPrize !== null && (
        <p className="leaderboard__to-prize" data-testid="to-prize" data-points={toPrize}>
          {toPrize === 0 ? t("tournaments.toPrize.inside") : t("tournaments.toPrize.needed", { points: formatWhole(toPrize) })}
        </p>
      )}
      {state.items.length === 0 ? (
        <p className="leaderboard__empty">{t("tournaments.leaderboard.empty")}</p>
      ) : (
        <div className="leaderboard__scroll">
          <table className="leaderboard__table">
            <caption className="visually-hidden">{t("tournaments.leaderboard.caption", { total: state.total })}</caption>
            <thead>
              <tr>
                <th scope="col" className="leaderboard__num">
                  {t("tournaments.leaderboard.rank")}
                </th>
                <th scope="col">{t("tournaments.leaderboard.player")}</th>
                <th scope="col" className="leaderboard__num">
                  {t("tournaments.leaderboard.points")}
                </th>
              </tr>
            </thead>
            <tbody>
              {/* The live board pushes more places than a page shows. */}
              {state.items.slice(0, BOARD_PAGE).map((row) => (
                <Row key={`${row.rank}-${row.player}`} row={row} mine={isMine(row, me)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <BoardPages paging={paging} total={state.total} />
    </>
  );
}
