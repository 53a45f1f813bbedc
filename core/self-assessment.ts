/**
 * The self-assessment test of the responsible-gaming pages (issue 40, decision 0093): the Problem
 * Gambling Severity Index (PGSI; Ferris & Wynne, Canadian Centre on Substance Abuse, 2001), the
 * nine-question screen the NHS and the UK's National Gambling Helpline point to. Each question is
 * answered never (0), sometimes (1), most of the time (2) or almost always (3), about the last 12
 * months; the score is the sum (0–27). Shared by the platform (which scores and keeps it) and the
 * page (which asks and explains).
 */

/** The questions' keys, in the screen's order (their words are messages: responsible.check.questions.<key>). */
export const PGSI_QUESTIONS = ["afford", "more", "chase", "borrow", "problem", "health", "criticised", "money", "guilty"] as const;

/** The four answers' values: never, sometimes, most of the time, almost always. */
export const PGSI_ANSWERS = ["0", "1", "2", "3"] as const;

/** The screen's bands: no problem (0), low risk (1–2), moderate risk (3–7), problem gambling (8+). */
export const PGSI_BANDS = ["none", "low", "moderate", "high"] as const;
export type PgsiBand = (typeof PGSI_BANDS)[number];

/** The score of nine answers (each 0–3). */
export const pgsiScore = (answers: readonly number[]): number => answers.reduce((sum, a) => sum + a, 0);

/** The band a score falls in. */
export function pgsiBand(score: number): PgsiBand {
  if (score >= 8) return "high";
  if (score >= 3) return "moderate";
  return score >= 1 ? "low" : "none";
}
