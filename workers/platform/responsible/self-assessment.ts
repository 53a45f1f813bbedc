import type { SelfAssessment } from "../../../core/api/entities-responsible";
import { pgsiBand, pgsiScore } from "../../../core/self-assessment";

/**
 * account.submitSelfAssessment (issue 40, decision 0093): the PGSI screen's nine answers scored,
 * and the score kept with its time in the player's object — the operator's record that the player
 * looked, which a duty of care (UKGC LCCP SR 3.4.3: customer interaction) acts on. The answers
 * themselves are not kept: the score is what the screen means.
 */
export async function submitSelfAssessment(db: D1Database, uid: number, answers: string, now: number): Promise<SelfAssessment> {
  const score = pgsiScore(answers.split(",").map(Number));
  await db
    .prepare("INSERT INTO self_assessments (uid, taken_at, score) VALUES (?1, ?2, ?3) ON CONFLICT (uid, taken_at) DO UPDATE SET score = excluded.score")
    .bind(uid, now, score)
    .run();
  return { score, band: pgsiBand(score), taken_at: now };
}
