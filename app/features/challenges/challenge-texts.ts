import type { Challenge } from "../../../core/api/contract-challenges";
import { formatMoney } from "../../../core/money";
import type { TFunction } from "../../lib/i18n/translate";

/** A challenge's texts, shared by its card on /tournaments and its notice above the game (decision 0117). */

/** ×12.50 from hundredths (1250). */
export const multiplierText = (hundredths: number) => `×${(hundredths / 100).toFixed(2)}`;

/** What a challenge takes, in the reader's currency (or that their currency cannot take part). */
export const takesText = (t: TFunction, c: Challenge) =>
  c.min_bet
    ? t("challenges.takes", { game: c.game.title, bet: formatMoney(c.min_bet), multiplier: multiplierText(c.multiplier) })
    : t("challenges.notForCurrency");

/** Where the reader stands: their place, else their best qualifying round so far. */
export const standingText = (t: TFunction, c: Challenge & { me: NonNullable<Challenge["me"]> }) =>
  c.me.rank !== null
    ? t("challenges.yourPlace", { rank: c.me.rank })
    : c.me.best !== null
      ? t("challenges.yourBest", { best: multiplierText(c.me.best), multiplier: multiplierText(c.multiplier) })
      : t("challenges.noBest");
