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

/**
 * The market's bonus rules where offers are shown (decision 0083): each rule that changes what the
 * player is offered, named with its regulator. Nothing under a market without any.
 */
export function BonusRulesNote({ market }: { market: MarketRules }) {
  const t = useT();
  const b = market.bonuses;
  if (!market.regulator) return null;
  const lines = [
    b.maxWagerMultiplier !== null && t("bonusRules.wagerCap", { regulator: market.regulator, times: String(b.maxWagerMultiplier) }),
    b.minAge !== null && t("bonusRules.minAge", { regulator: market.regulator, age: String(b.minAge) }),
    b.firstOccasionOnly && t("bonusRules.firstOccasion", { regulator: market.regulator }),
    b.minWageringDays !== null && t("bonusRules.minDays", { days: String(b.minWageringDays) }),
  ].filter((line): line is string => typeof line === "string");
  if (!lines.length) return null;
  return (
    <ul className="offers__rules" data-market={market.id} data-testid="bonus-rules">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
