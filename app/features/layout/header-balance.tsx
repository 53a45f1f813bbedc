import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { BalanceText, useBalanceSplit, type BalanceSplit } from "../realtime/live-balance";

interface Player {
  uid: number;
  balanceText: string;
  balanceAt: number;
  balanceSplit: BalanceSplit;
  panicButton: boolean;
}

/**
 * The header's balance (SPEC §9): the total, live, and its split into real money, bonus and
 * betting bonus on demand (a `<details>`, so it opens without JavaScript). Only signed-in players
 * have one, so it is loaded apart from the header (header.tsx): the server renders it in place,
 * and the browser keeps that HTML until this chunk arrives. The panic button follows it where the
 * player's market asks for one.
 */
export function HeaderBalance({ player }: { player: Player }) {
  return (
    <>
      <BalanceDetails player={player} />
      {player.panicButton && <PanicButton />}
    </>
  );
}

function BalanceDetails({ player }: { player: Player }) {
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

/**
 * The panic button (GlüStV 2021 §6b; decision 0082): where the player's market asks for it, a
 * 24-hour break in one tap, no password, no confirmation, on every page. A plain form: the break
 * ends the session, so the answer is a whole new document, with or without JavaScript. Beside the
 * balance, in its chunk: only signed-in players have either, and the shell carries none of it.
 */
function PanicButton() {
  const t = useT();
  const to = useLocalePath();
  return (
    <form method="post" action={to("/profile/responsible-game")} className="header__panic">
      <input type="hidden" name="intent" value="break" />
      <button type="submit" className="btn btn--ghost" data-panic-button>
        {t("header.panic")}
      </button>
    </form>
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
