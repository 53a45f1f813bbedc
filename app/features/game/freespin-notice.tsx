import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/** The player's active free-spin pack for this game, as the game page shows it (decision 0041). */
export interface FreespinOffer {
  id: string;
  left: number;
  bet: Money;
}

/** What the studio's frame posts after a free round (workers/platform/demo/game-page.ts). */
interface RoundMessage {
  type: "playfront:round";
  freespins: { id: string; remaining_count: number; won: Money } | null;
}

const isRoundMessage = (d: unknown): d is RoundMessage =>
  typeof d === "object" && d !== null && (d as { type?: unknown }).type === "playfront:round" && typeof (d as RoundMessage).freespins === "object";

/**
 * "12 free spins left at $0.20" above the game. The studio in the frame plays the spins; with
 * JavaScript the count follows its rounds, and once the pack is used up the notice says what it
 * won and where the bonus waits. Without JavaScript it shows the count as the page was loaded.
 */
export function FreespinNotice({ offer }: { offer: FreespinOffer }) {
  const t = useT();
  const to = useLocalePath();
  const [left, setLeft] = useState(offer.left);
  const [won, setWon] = useState<Money | null>(null);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || !isRoundMessage(e.data) || e.data.freespins?.id !== offer.id) return;
      setLeft(e.data.freespins.remaining_count);
      if (e.data.freespins.remaining_count === 0) setWon(e.data.freespins.won);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [offer.id]);
  if (won) {
    return (
      <div className="game-notice" role="status" data-freespins-done>
        <p>{won.amount > 0 ? t("freespins.gameWon", { won: formatMoney(won) }) : t("freespins.gameNothing")}</p>
        {won.amount > 0 && <Link to={to("/profile/bonuses")}>{t("freespins.toBonuses")}</Link>}
      </div>
    );
  }
  return (
    <div className="game-notice" role="status" data-freespins={offer.id}>
      <p>
        <strong>{t("freespins.gameLeft", { left: String(left), bet: formatMoney(offer.bet) })}</strong>
      </p>
      <p>{t("freespins.gameHint")}</p>
    </div>
  );
}
