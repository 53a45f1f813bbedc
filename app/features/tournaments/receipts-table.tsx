import { Link } from "react-router";
import type { z } from "zod";
import type { TournamentReceipt as ReceiptSchema } from "../../../core/api/contract-tournaments";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { formatWhole } from "../../../core/numbers";
import type { TFunction } from "../../lib/i18n/translate";
import { type Column, DataTable } from "../../ui/table/data-table";
import { RECEIPTS } from "./paging";

/** A receipt of one scoring round (the contract declares the schema only). */
export type TournamentReceipt = z.infer<typeof ReceiptSchema>;

const receiptColumns = (t: TFunction): Column<TournamentReceipt>[] => [
  {
    key: "time",
    header: t("tournaments.receipts.time"),
    cell: (r) => <time dateTime={new Date(r.created_at).toISOString()}>{formatDateTime(r.created_at)}</time>,
  },
  {
    key: "game",
    header: t("tournaments.receipts.game"),
    cellProps: () => ({ dir: "auto" }),
    cell: (r) => (r.kind === "bet" ? t("tournaments.receipts.sportsBet") : r.game),
  },
  { key: "bet", header: t("tournaments.receipts.bet"), headerClassName: "leaderboard__num", className: "leaderboard__num", cell: (r) => formatMoney(r.bet) },
  { key: "win", header: t("tournaments.receipts.win"), headerClassName: "leaderboard__num", className: "leaderboard__num", cell: (r) => formatMoney(r.win) },
  {
    key: "points",
    header: t("tournaments.receipts.points"),
    headerClassName: "leaderboard__num",
    className: "leaderboard__num",
    cellProps: (r) => ({ "data-points": r.points }),
    cell: (r) => formatWhole(r.points),
  },
];

/**
 * The reader's latest scoring rounds in the tournament, newest first: what each bet, won and
 * scored; when there are more than the page lists, a link to all their rounds.
 */
export function ReceiptsTable({ receipts, t, historyHref }: { receipts: TournamentReceipt[]; t: TFunction; historyHref: string }) {
  return (
    <section className="tournament__card" aria-labelledby="receipts-title" data-testid="receipts">
      <h2 id="receipts-title">{t("tournaments.receipts.title")}</h2>
      <DataTable
        rows={receipts}
        columns={receiptColumns(t)}
        rowKey={(r) => r.round_id}
        rowProps={(r) => ({ "data-round": r.round_id })}
        empty={<p>{t("tournaments.receipts.empty")}</p>}
        scrollClassName="leaderboard__scroll"
        tableClassName="tournament__table"
      />
      {receipts.length >= RECEIPTS && (
        <p>
          {t("tournaments.receipts.latest", { count: RECEIPTS })} <Link to={historyHref}>{t("tournaments.receipts.history")}</Link>
        </p>
      )}
    </section>
  );
}
