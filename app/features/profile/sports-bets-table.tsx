import type { ReactNode } from "react";
import type { SportBet } from "../../../core/api/contract-sportsbook";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { formatOdds } from "../sportsbook/slip-math";
import { useT } from "../../lib/i18n/use-t";
import { type Column, DataTable } from "../../ui/table/data-table";

/** The player's sports bets (or `empty` when there are none) (decision 0073-sportsbook-page): when, the legs with their odds and results, stake, odds, status, payout. */
export function SportsBetsTable({ bets, empty }: { bets: SportBet[]; empty: ReactNode }) {
  const t = useT();
  const columns: Column<SportBet>[] = [
    {
      key: "placed",
      header: t("profileGames.sportsBets.placed"),
      cell: (b) => (
        <>
          {formatDateTime(b.placed_at)}
          <br />
          {t(`profileGames.sportsBets.kinds.${b.kind}`)}
          {b.funding === "betting_bonus" && ` · ${t("profileGames.sportsBets.freeBet")}`}
        </>
      ),
    },
    {
      key: "selections",
      header: t("profileGames.sportsBets.selections"),
      cell: (b) => (
        <ul className="profile-games__legs">
          {b.legs.map((l) => (
            <li key={l.selection_id} dir="auto">
              {`${l.event} · ${l.market}: ${l.label} @ ${formatOdds(l.odds)}`}
              {l.result && ` (${t(`profileGames.sportsBets.legResults.${l.result}`)})`}
            </li>
          ))}
        </ul>
      ),
    },
    { key: "odds", header: t("profileGames.sportsBets.odds"), headerClassName: "num", className: "num", cell: (b) => formatOdds(b.odds) },
    { key: "stake", header: t("profileGames.sportsBets.stake"), headerClassName: "num", className: "num", cell: (b) => formatMoney(b.stake) },
    { key: "status", header: t("profileGames.sportsBets.status"), cell: (b) => t(`profileGames.sportsBets.statuses.${b.status}`) },
    {
      key: "payout",
      header: t("profileGames.sportsBets.payout"),
      headerClassName: "num",
      className: (b) => (b.payout && b.payout.amount > 0 ? "num profile-games__win" : "num"),
      cell: (b) => (b.payout ? formatMoney(b.payout) : "—"),
    },
  ];
  return (
    <DataTable
      rows={bets}
      columns={columns}
      rowKey={(b) => b.id}
      rowProps={(b) => ({ "data-bet": b.id, "data-status": b.status })}
      empty={empty}
      scrollClassName="profile-games__scroll"
      tableClassName="profile-games__table"
    />
  );
}
