import type { SportBet } from "../../../core/api/contract-sportsbook";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { formatOdds } from "../sportsbook/slip-math";
import { useT } from "../../lib/i18n/use-t";

/** The player's sports bets (decision 0049-sportsbook-page): when, the legs with their odds and results, stake, odds, status, payout. */
export function SportsBetsTable({ bets }: { bets: SportBet[] }) {
  const t = useT();
  return (
    <div className="profile-games__scroll">
      <table className="profile-games__table">
        <thead>
          <tr>
            <th scope="col">{t("profileGames.sportsBets.placed")}</th>
            <th scope="col">{t("profileGames.sportsBets.selections")}</th>
            <th scope="col" className="num">
              {t("profileGames.sportsBets.odds")}
            </th>
            <th scope="col" className="num">
              {t("profileGames.sportsBets.stake")}
            </th>
            <th scope="col">{t("profileGames.sportsBets.status")}</th>
            <th scope="col" className="num">
              {t("profileGames.sportsBets.payout")}
            </th>
          </tr>
        </thead>
        <tbody>
          {bets.map((b) => (
            <tr key={b.id} data-bet={b.id} data-status={b.status}>
              <td>
                {formatDateTime(b.placed_at)}
                <br />
                {t(`profileGames.sportsBets.kinds.${b.kind}`)}
                {b.funding === "betting_bonus" && ` · ${t("profileGames.sportsBets.freeBet")}`}
              </td>
              <td>
                <ul className="profile-games__legs">
                  {b.legs.map((l) => (
                    <li key={l.selection_id} dir="auto">
                      {`${l.event} · ${l.market}: ${l.label} @ ${formatOdds(l.odds)}`}
                      {l.result && ` (${t(`profileGames.sportsBets.legResults.${l.result}`)})`}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="num">{formatOdds(b.odds)}</td>
              <td className="num">{formatMoney(b.stake)}</td>
              <td>{t(`profileGames.sportsBets.statuses.${b.status}`)}</td>
              <td className={b.payout && b.payout.amount > 0 ? "num profile-games__win" : "num"}>{b.payout ? formatMoney(b.payout) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
