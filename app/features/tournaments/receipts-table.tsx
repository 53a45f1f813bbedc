import type { z } from "zod";
import type { TournamentReceipt as ReceiptSchema } from "../../../core/api/contract-tournaments";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import type { TFunction } from "../../lib/i18n/translate";

/** A receipt of one scoring round (the contract declares the schema only). */
export type TournamentReceipt = z.infer<typeof ReceiptSchema>;

/** The reader's scoring rounds in the tournament, newest first: what each bet, won and scored. */
export function ReceiptsTable({ receipts, t }: { receipts: TournamentReceipt[]; t: TFunction }) {
  return (
    <section className="tournament__card" aria-labelledby="receipts-title" data-testid="receipts">
      <h2 id="receipts-title">{t("tournaments.receipts.title")}</h2>
      {receipts.length === 0 ? (
        <p>{t("tournaments.receipts.empty")}</p>
      ) : (
        <div className="leaderboard__scroll">
          <table className="tournament__table">
            <thead>
              <tr>
                <th scope="col">{t("tournaments.receipts.time")}</th>
                <th scope="col">{t("tournaments.receipts.game")}</th>
                <th scope="col" className="leaderboard__num">
                  {t("tournaments.receipts.bet")}
                </th>
                <th scope="col" className="leaderboard__num">
                  {t("tournaments.receipts.win")}
                </th>
                <th scope="col" className="leaderboard__num">
                  {t("tournaments.receipts.points")}
                </th>
              </tr>
            </thead>
            <tbody>
              {receipts.map((r) => (
                <tr key={r.round_id} data-round={r.round_id}>
                  <td>
                    <time dateTime={new Date(r.created_at).toISOString()}>{formatDateTime(r.created_at)}</time>
                  </td>
                  <td dir="auto">{r.game}</td>
                  <td className="leaderboard__num">{formatMoney(r.bet)}</td>
                  <td className="leaderboard__num">{formatMoney(r.win)}</td>
                  <td className="leaderboard__num" data-points={r.points}>
                    {r.points.toLocaleString("en-US")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
