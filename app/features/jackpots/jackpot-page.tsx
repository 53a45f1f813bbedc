import { useMemo } from "react";
import type { TileGame } from "../games/tile-game";
import type { Jackpot, JackpotWinner } from "../../../core/api/entities-jackpots";
import { formatMoney } from "../../../core/money";
import { AnimatedMoney } from "./animated-money";
import { LazyGameTile } from "../games/lazy-game-tile";
import { ServerHtml } from "../../ui/server-html";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { useLiveJackpots } from "./use-live-jackpots";
import { WinnersTable } from "./winners-table";

/** One jackpot: its pool (kept current like /jackpots), how it works, its games and recent winners. */
export function JackpotPage({ jackpot: initial, games, winners }: { jackpot: Jackpot; games: TileGame[]; winners: JackpotWinner[] }) {
  const t = useT();
  const to = useLocalePath();
  const one = useMemo(() => [initial], [initial]); // a stable list: the hook restarts when it changes
  const jackpot = useLiveJackpots(one)[0] ?? initial;
  return (
    <section className="jackpots jackpot-page" data-jackpot={jackpot.sysname}>
      <h1 className="jackpots__title">{jackpot.name}</h1>
      <p className="jackpot-page__amount jackpot-card__amount" data-amount={jackpot.amount.amount}>
        <AnimatedMoney money={jackpot.amount} />
      </p>
      <h2>{t("jackpots.how.title")}</h2>
      <ul className="jackpot-page__rules">
        <li>{t("jackpots.how.contribution", { percent: String(jackpot.contribution_percent) })}</li>
        <li>{t("jackpots.how.seed", { amount: formatMoney(jackpot.seed) })}</li>
        <li>{t("jackpots.how.mustDrop", { amount: formatMoney(jackpot.must_drop_at) })}</li>
      </ul>
      <h2>{t("jackpots.games", { count: jackpot.games_count })}</h2>
      {/* Plain links, kept as the server sent them (ServerHtml), keyed by what they show. */}
      <ServerHtml as="ul" className="lobby-grid" key={to("/") + games.map((g) => g.sysname).join()}>
        {games.map((g, i) => (
          <LazyGameTile key={g.id} game={g} index={i} href={to(`/game/${g.sysname}`)} />
        ))}
      </ServerHtml>
      <h2>{t("jackpots.recentWinners")}</h2>
      <WinnersTable winners={winners} showJackpot={false} />
    </section>
  );
}
