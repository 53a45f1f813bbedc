import { Link } from "react-router";
import type { JackpotWinner } from "../../../core/api/entities-jackpots";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/** Jackpot winners as a table: player (masked), jackpot, game, amount, date; an empty state. */
export function WinnersTable({ winners, showJackpot = true }: { winners: JackpotWinner[]; showJackpot?: boolean }) {
  const t = useT();
  const to = useLocalePath();
  if (!winners.length) return <p className="winners__empty">{t("jackpots.winners.empty")}</p>;
  return (
    <div className="winners__scroll">
      <table className="winners">
        <thead>
          <tr>
            <th scope="col">{t("jackpots.winners.player")}</th>
            {showJackpot && <th scope="col">{t("jackpots.winners.jackpot")}</th>}
            <th scope="col">{t("jackpots.winners.game")}</th>
            <th scope="col" className="winners__num">
              {t("jackpots.winners.amount")}
            </th>
            <th scope="col">{t("jackpots.winners.date")}</th>
          </tr>
        </thead>
        <tbody>
          {winners.map((w) => (
            <tr key={w.id} data-winner={w.id}>
              <td>
                <bdi>{w.player}</bdi>
              </td>
              {showJackpot && (
                <td>
                  <Link to={to(`/jackpots/${w.jackpot_id}`)}>{w.jackpot_name}</Link>
                </td>
              )}
              <td>
                <Link to={to(`/game/${w.game}`)} dir="auto">
                  {w.game_title}
                </Link>
              </td>
              <td className="winners__num">{formatMoney(w.amount)}</td>
              <td>
                <time dateTime={new Date(w.won_at).toISOString()}>{formatDateTime(w.won_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
