import { useT } from "../../lib/i18n/use-t";
import { BalanceText, useBalanceSplit, type BalanceSplit } from "../realtime/live-balance";

interface Player {
  uid: number;
  balanceText: string;
  balanceAt: number;
  balanceSplit: BalanceSplit;
}

/**
 * The header's balance (SPEC §9): the total, live, and its split into real money, bonus and
 * betting bonus on demand (a `<details>`, so it opens without JavaScript). Only signed-in players
 * have one, so it is loaded apart from the header (header.tsx): the server renders it in place,
 * and the browser keeps that HTML until this chunk arrives.
 */
export function HeaderBalance({ player }: { player: Player }) {
  const t = useT();
  return (
    <details className="header__balance">
      <summary>
        <span className="visually-hidden">{t("header.balance")}: </span>
        <span data-balance>
          <BalanceText uid={player.uid} text={player.balanceText} at={player.balanceAt} />
        </span>
      </summary>
      <BalanceSplitList uid={player.uid} split={player.balanceSplit} at={player.balanceAt} />
    </details>
  );
}

/** The header total's parts, live like the total. */
function BalanceSplitList({ uid, split, at }: { uid: number; split: BalanceSplit; at: number }) {
  const t = useT();
  const live = useBalanceSplit(uid, split, at);
  return (
    <dl className="header__balance-split" data-balance-split>
      <dt>{t("header.balanceMain")}</dt>
      <dd data-part="main">{live.main}</dd>
      <dt>{t("header.balanceBonus")}</dt>
      <dd data-part="bonus">{live.bonus}</dd>
      <dt>{t("header.balanceBetting")}</dt>
      <dd data-part="betting">{live.betting}</dd>
    </dl>
  );
}
