import { AppLink } from "../../ui/app-link";
import { ServerHtml } from "../../ui/server-html";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { LazyGameTile } from "./lazy-game-tile";
import type { GameRow } from "./game-rows.server";

/**
 * Rows of game tiles that scroll sideways on small screens, each with a link to its category in
 * the game hall. The banner above is the page's largest paint: every cover here is lazy and none
 * asks for high priority (a tile's `index` decides both, see GameTile).
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
              <AppLink className="game-row__all" to={all}>
                {t("lobby.seeAll", { count: row.count })}
              </AppLink>
            </div>
            {/* Not hydrated (ServerHtml): the tiles are plain links; keyed by what they show. */}
            <ServerHtml as="ul" className="game-row__list" key={to("/") + row.games.map((g) => g.sysname).join()}>
              {row.games.map((g, i) => (
                // Index 0 would be the eager, high-priority cover: from 1 on, every cover is lazy.
                <LazyGameTile key={g.sysname} game={g} index={i + 1} href={to(`/game/${g.sysname}`)} />
              ))}
            </ServerHtml>
          </section>
        );
      })}
    </div>
  );
}
