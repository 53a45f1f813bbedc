import type { MarketDepositCap } from "../../../core/api/entities-responsible";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";

/**
 * The market's monthly deposit ceiling (Germany, the Netherlands; issue 40) where the player deposits
 * and manages their limits: what it is, this month's deposits and what is left, and the market's
 * notice once half of it is used and again when all of it is. Its messages are the `marketCap`
 * namespace, sent with the cashier, profile and responsible-game sections.
 */
export function MarketCapNote({ cap }: { cap: MarketDepositCap | null }) {
  const t = useT();
  if (!cap) return null;
  const date = formatDateTime(cap.expired_at);
  const text = t("marketCap.text", {
    regulator: cap.regulator,
    amount: formatMoney(cap.limit_amount),
    used: formatMoney(cap.used),
    left: formatMoney(cap.available),
    date,
  });
  return (
    <div
      className={cap.notice === "reached" ? "notice notice--error" : "notice"}
      data-market-cap={cap.notice ?? "none"}
      role={cap.notice ? "status" : undefined}
    >
      {cap.notice && <p>{cap.notice === "reached" ? t("marketCap.reached", { date }) : t("marketCap.half")}</p>}
      <p>{text}</p>
    </div>
  );
}
