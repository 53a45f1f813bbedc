import { useEffect, useState } from "react";
import { AppLink } from "../../ui/app-link";
import type { RecentWin } from "../../../core/api/entities-games";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/** How many wins the ticker shows (the server reads as many: site.recentWins). */
export const RECENT_WINS_COUNT = 12;

/**
 * "Latest wins" (decision 0034): real-money wins, newest first, server-rendered (crawlers and
 * players without JavaScript get the list), then kept live: after hydration the feed's code is
 * imported and new wins slide in at the start as they are paid. Each links to its game.
 */
export function RecentWins({ initial }: { initial: RecentWin[] }) {
  const t = useT();
  const to = useLocalePath();
  const { wins, fresh, open } = useLiveWins(initial);
  return (
    <section className="wins" aria-labelledby="wins-title" data-live={open ? "open" : undefined}>
      <h2 id="wins-title" className="wins__title">
        {t("wins.title")}
        <span className="wins__live">{t("wins.live")}</span>
      </h2>
      {wins.length === 0 ? (
        <p className="wins__empty">{t("wins.empty")}</p>
      ) : (
        <ol className="wins__list">
          {wins.map((w) => (
            <li key={w.id} className={w.id === fresh ? "wins__item wins__item--new" : "wins__item"} data-win={w.id}>
              <AppLink to={to(`/game/${w.game}`)} className="wins__link">
                <span className="wins__amount">{formatMoney(w.amount)}</span>
                <span className="wins__game" dir="auto">
                  {w.game_title}
                </span>
                <span className="wins__player">
                  <bdi>{w.player}</bdi>
                </span>
              </AppLink>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface LiveWins {
  wins: RecentWin[];
  /** The newest pushed win (drawn sliding in), null before any. */
  fresh: string | null;
  /** Whether the feed's socket is open now. */
  open: boolean;
}

/** The server's list, then the feed's wins on top. */
function useLiveWins(initial: RecentWin[]): LiveWins {
  const [state, setState] = useState<LiveWins>({ wins: initial, fresh: null, open: false });
  useEffect(() => setState((s) => ({ ...s, wins: initial })), [initial]);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    import("./wins-feed").then(
      ({ openWinsFeed, withWin }) => {
        if (!live) return;
        stop = openWinsFeed({
          origin: location.origin,
          onWin: (win) => setState((s) => ({ ...s, wins: withWin(s.wins, win, RECENT_WINS_COUNT), fresh: win.id })),
          onState: (open) => setState((s) => ({ ...s, open })),
        });
      },
      (e) => console.warn("wins: the live feed could not be loaded", e),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return state;
}
