import { Link } from "react-router";
import type { Jackpot } from "../../../core/api/entities-jackpots";
import { formatDate } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { AnimatedMoney } from "./animated-money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/** One jackpot on /jackpots: its name, the pool now, its last win, and a link to its page. */
export function JackpotCard({ jackpot }: { jackpot: Jackpot }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <li className="jackpot-card" data-jackpot={jackpot.sysname}>
      <h2 className="jackpot-card__name">{jackpot.name}</h2>
      <p className="jackpot-card__amount" data-amount={jackpot.amount.amount}>
        <AnimatedMoney money={jackpot.amount} />
      </p>
      <p className="jackpot-card__last">
        {jackpot.last_win && jackpot.last_won_at
          ? t("jackpots.lastWin", { amount: formatMoney(jackpot.last_win), date: formatDate(jackpot.last_won_at) })
          : t("jackpots.notWonYet")}
      </p>
      <Link to={to(`/jackpots/${jackpot.id}`)} className="btn btn--primary jackpot-card__link">
        {t("jackpots.open", { name: jackpot.name })}
      </Link>
    </li>
  );
}
