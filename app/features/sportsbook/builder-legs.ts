import type { TFunction } from "../../lib/i18n/translate";

/**
 * A bet builder's own legs on the slip (decision 0104): what the page, the slip and the cookie share,
 * in a module without dependencies so the page's first load carries only these lines.
 */

/** A bet builder's own leg on the slip: both teams to score, or a correct score (builder legs as text: contract-sportsbook). */
export type SlipLeg = { event: number; leg: string };

/** The highest score a correct-score leg takes per side (the slip cookie keeps two digits). */
export const MAX_GOALS = 20;

/** A builder leg as the pick form and the cookie write it: `b<event>.<leg>`. */
export const legValue = (l: SlipLeg) => `b${l.event}.${l.leg}`;

/** A bet builder's own leg as the slip names it: "Both teams to score: Yes", "Correct score: 2–1" (decision 0104). */
export function legLabel(t: TFunction, leg: string): string {
  const score = /^score:(\d+)-(\d+)$/.exec(leg);
  if (score) return t("betting.builder.legScore", { home: score[1]!, away: score[2]! });
  return t("betting.builder.legBtts", { answer: t(leg === "btts:yes" ? "betting.builder.yes" : "betting.builder.no") });
}
