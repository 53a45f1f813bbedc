import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { data, failure, post } from "./helpers";
import { playerDb } from "./player-db";

/**
 * account.submitSelfAssessment (issue 40, decision 0093): the PGSI's nine answers, scored by the
 * platform, the score kept in the player's object with its time (not the answers) and answered
 * with its band.
 */

const kept = async (uid: number) =>
  (await playerDb(uid).prepare("SELECT score FROM self_assessments WHERE uid = ?1 ORDER BY taken_at").bind(uid).all<{ score: number }>()).results.map(
    (r) => r.score,
  );

describe("account.submitSelfAssessment", () => {
  it("scores the nine answers into the screen's bands and keeps each score", async () => {
    const p = await registerPlayer();
    const cases: [string, number, string][] = [
      ["0,0,0,0,0,0,0,0,0", 0, "none"],
      ["1,0,0,0,1,0,0,0,0", 2, "low"],
      ["1,1,1,0,0,0,0,0,0", 3, "moderate"],
      ["2,1,1,1,1,1,0,0,0", 7, "moderate"],
      ["2,1,1,1,1,1,1,0,0", 8, "high"],
      ["3,3,3,3,3,3,3,3,3", 27, "high"],
    ];
    for (const [answers, score, band] of cases) {
      const result = await data(p.browser.post("account/submitSelfAssessment", { answers }));
      expect(result).toMatchObject({ score, band });
      expect(result.taken_at).toBeLessThanOrEqual(Date.now());
    }
    expect(await kept(p.uid)).toEqual(cases.map(([, score]) => score));
  });

  it.each([
    [{}],
    [{ answers: "" }],
    [{ answers: "0,0,0,0,0,0,0,0" }],
    [{ answers: "0,0,0,0,0,0,0,0,0,0" }],
    [{ answers: "0,0,0,0,4,0,0,0,0" }],
    [{ answers: "0;0;0;0;0;0;0;0;0" }],
  ])("refuses %j on answers and keeps nothing", async (fields) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/submitSelfAssessment", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["answers"]);
    expect(await kept(p.uid)).toEqual([]);
  });

  it("answers 401 to a visitor", async () => {
    await failure(post("account/submitSelfAssessment", { answers: "0,0,0,0,0,0,0,0,0" }), 401, "AuthorizationException");
  });
});
