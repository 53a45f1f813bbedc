import { useT } from "../../lib/i18n/use-t";
import type { MarketRules } from "./market";

const HOUR = 3_600_000;

/** How long a raise waits, in the player's words: "24 hours", "72 hours", "7 days". */
export function useWaitText(): (ms: number) => string {
  const t = useT();
  return (ms) =>
    ms >= 7 * 24 * HOUR && ms % (24 * HOUR) === 0
      ? t("responsible.limit.waitDays", { count: ms / (24 * HOUR) })
      : t("responsible.limit.waitHours", { count: Math.round(ms / HOUR) });
}

/** Names the regulator whose rules the player's account follows; nothing under the international profile. */
export function MarketNote({ market }: { market: MarketRules }) {
  const t = useT();
  if (!market.regulator) return null;
  return (
    <p className="responsible__market" data-market={market.id}>
      {t("responsible.market", { regulator: market.regulator })}
    </p>
  );
}
