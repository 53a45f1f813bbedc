import { Link } from "react-router";
import type { SportBet } from "../../../core/api/contract-sportsbook";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { formatOdds } from "./slip-math";
import { systemLabel } from "./system-label";

/** What was just placed (`?placed=`): each bet's legs, stake, odds and potential return. */
export function BetReceipt({ bets }: { bets: SportBet[] }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="bet-receipt" role="status" aria-labelledby="bet-receipt-title" data-testid="bet-receipt">
      <h2 id="bet-receipt-title">{t("betting.receipt.title")}</h2>
      <ul>
        {bets.map((b) => (
          <li key={b.id} data-bet={b.id}>
            <p>
              <strong>{b.system ? systemLabel(t, b.legs.length, b.system.from, b.system.to) : t(`betting.receipt.kinds.${b.kind}`)}</strong> ·{" "}
              {t("betting.receipt.bet", { id: b.id })}
            </p>
            {b.system && <p data-testid="receipt-system">{t("betting.system.lines", { lines: b.system.lines, stake: formatMoney(b.system.line_stake) })}</p>}
            <ul className="bet-receipt__legs">
              {b.legs.map((l) => (
                <li key={l.selection_id} dir="auto">{`${l.event} · ${l.market}: ${l.label} @ ${formatOdds(l.odds)}`}</li>
              ))}
            </ul>
            <p>
              {t("betting.slip.stake")}: {formatMoney(b.stake)} · {t("betting.slip.odds")}: {formatOdds(b.odds)} · {t("betting.slip.potentialReturn")}:{" "}
              <span data-testid="receipt-return">{formatMoney(b.potential_return)}</span>
            </p>
          </li>
        ))}
      </ul>
      <Link to={to("/profile/bets/history?tab=sports")}>{t("betting.receipt.history")}</Link>
    </section>
  );
}
