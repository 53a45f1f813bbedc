import { useEffect, useState } from "react";
import { Link } from "react-router";
import { BONUS_WAGERING_EVENT, type BonusWageringData } from "../../../core/api/bonus-event";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { onAccountEvent } from "../realtime/account-events";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/** What the game page needs of the player's active casino bonus. */
export interface GameBonus {
  title: string;
  wagered: Money;
  wager_required: Money;
  max_bet: Money | null;
}

/**
 * The bonus X-ray on the game page (decision 0042): the active bonus's wagering, and — live, from
 * the realtime channel after each round — how much the last bet counted and why ("$2.00 counted
 * $0.20: table games count 10 %"). Server-rendered with the page, so it shows without JavaScript.
 */
export function GameBonusPanel({ bonus, sysname }: { bonus: GameBonus | null; sysname: string }) {
  const t = useT();
  const to = useLocalePath();
  const [last, setLast] = useState<BonusWageringData | null>(null);
  useEffect(
    () =>
      onAccountEvent(BONUS_WAGERING_EVENT, (e) => {
        const d = e.data as BonusWageringData;
        if (d?.sysname === sysname) setLast(d);
      }),
    [sysname],
  );
  if (!bonus) return null;
  const wagered = last?.wagered ?? bonus.wagered;
  const required = last?.wager_required ?? bonus.wager_required;
  const ended = last && last.status !== "active";
  return (
    <aside className="game-bonus bonus__xray" aria-labelledby="game-bonus-title" data-testid="game-bonus">
      <p id="game-bonus-title">
        <strong>{bonus.title}</strong> ·{" "}
        {t("game.bonus.wagered", {
          done: formatMoney(wagered),
          of: formatMoney(required),
          percent: String(required.amount > 0 ? Math.floor((wagered.amount * 100) / required.amount) : 100),
        })}
        {bonus.max_bet && <> · {t("game.bonus.maxBet", { amount: formatMoney(bonus.max_bet) })}</>}
      </p>
      <p aria-live="polite" data-testid="game-bonus-last">
        {last
          ? t("game.bonus.counted", {
              bet: formatMoney(last.bet),
              counted: formatMoney(last.counted),
              why: t(`game.bonus.why.${last.category}`, { percent: String(last.contribution) }),
            })
          : t("game.bonus.waiting")}
      </p>
      {ended && (
        <p>
          <Link to={to("/profile/bonuses")}>{t("game.bonus.see")}</Link>
        </p>
      )}
    </aside>
  );
}
