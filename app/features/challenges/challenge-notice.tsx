import { Link } from "react-router";
import type { Challenge } from "../../../core/api/contract-challenges";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { standingText, takesText } from "./challenge-texts";

/**
 * A first-to-hit challenge running on the game (decision 0117), above a player's real-money game:
 * what it takes, the prize, the places taken, and the player's place or best round so far, as the
 * page was loaded; the challenges page has it live.
 */
export function ChallengeNotice({ challenge: c }: { challenge: Challenge }) {
  const t = useT();
  const to = useLocalePath();
  const prize = c.prize.type === "money" && c.prize.amount ? formatMoney(c.prize.amount) : c.prize.title;
  return (
    <aside className="game-notice" aria-label={t("challenges.onThisGame")} data-testid="challenge-notice" data-challenge={c.sysname}>
      <p>
        <strong>{c.title}</strong>
      </p>
      <p data-testid="challenge-takes">{takesText(t, c)}</p>
      <p data-testid="challenge-places">
        {t("challenges.prize")}: {prize} · {t("challenges.placesTaken", { claimed: c.claimed, winners: c.winners })}
      </p>
      {c.me && <p data-testid="challenge-me">{standingText(t, { ...c, me: c.me })}</p>}
      <Link to={to("/tournaments")}>{t("challenges.all")}</Link>
    </aside>
  );
}
