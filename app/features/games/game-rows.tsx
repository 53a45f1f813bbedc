import { Link } from "react-router";
import { useLocalePath, useT } from "../site/use-root-data";
import { GameTile } from "./game-tile";
import type { GameRow } from "./game-rows.server";

/**
 * Rows of game tiles that scroll sideways on small screens, each with a link to its category in
 * the game hall. Only the first row's covers load at once; the hero above is the page's largest
 * paint, so no cover asks for high priority here (a tile's `index` decides both, see GameTile).
 */
export function GameRows({ rows }: { rows: GameRow[] }) {
  const to = useLocalePath();
  const t = useT();
  if (rows.length === 0) return null;
  return (
    <div className="game-rows">
      {rows.map((row, r) => {
        const all = to(row.category ? `/gamehall?category=${row.category}` : "/gamehall");
        return (
          <section key={row.title} className="game-row" aria-labelledby={`game-row-${r}`}>
            <div className="game-row__head">
              <h2 id={`game-row-${r}`} className="game-row__title">
                {row.title}
              </h2>
              <Link className="game-row__all" to={all}>
                {t("lobby.seeAll", { count: row.count })}
              </Link>
            </div>
            <ul className="game-row__list">
              {row.games.map((g, i) => (
                // Index 0 would be the high-priority cover: rows start at 1 (first row eager), later rows lazy.
                <GameTile key={g.sysname} game={g} index={r === 0 ? i + 1 : 1000 + i} href={to(`/game/${g.sysname}`)} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
