import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyStep } from "../../workers/platform/sportsbook/feed-apply";
import { data, failure } from "./helpers";
import { bettor, makeEvent } from "./sportsbook-helpers";

/**
 * The match tracker (issue 42, decision 0109): each feed step that changes the match — the kick-off,
 * a goal, a score set another way, the end — is a moment of the event's timeline, written with the
 * step; getEvent answers it newest first, and a live pick on the slip carries its score and minute.
 */

describe("match tracker", () => {
  it("keeps the kick-off, each goal with its minute and side, a corrected score and the end; odds moves are not moments", async () => {
    const p = await bettor();
    const e = await makeEvent({ status: "prematch", markets: [{ odds: [250, 320, 300] }] });
    const home = e.markets[0]!.selections[0]!;
    const event = () => data(p.browser.get("sportsbook/getEvent", { event_id: e.id }));
    expect((await event()).timeline).toEqual([]);
    await applyStep(env, e.id, { type: "live" });
    await applyStep(env, e.id, { type: "score", home: 1, away: 0, minute: 12 });
    await applyStep(env, e.id, { type: "odds", changes: [{ selection_id: home, odds: 180 }] });
    await applyStep(env, e.id, { type: "score", home: 1, away: 1, minute: 30 });
    const slip = (await data(p.browser.get("sportsbook/getSelections", { ids: String(home) }))).items[0];
    expect(slip).toMatchObject({ event_status: "live", score: { home: 1, away: 1 }, minute: 30 });
    // A correction of the score (two at once): a change, not a goal.
    await applyStep(env, e.id, { type: "score", home: 3, away: 1, minute: 31 });
    await applyStep(env, e.id, { type: "finish", home: 3, away: 1 });
    const { timeline, score } = await event();
    expect(score).toEqual({ home: 3, away: 1 });
    expect(timeline.map(({ at, ...m }: { at: number }) => m)).toEqual([
      { kind: "finished", side: null, minute: null, score: { home: 3, away: 1 } },
      { kind: "score", side: null, minute: 31, score: { home: 3, away: 1 } },
      { kind: "goal", side: "away", minute: 30, score: { home: 1, away: 1 } },
      { kind: "goal", side: "home", minute: 12, score: { home: 1, away: 0 } },
      { kind: "kickoff", side: null, minute: 0, score: { home: 0, away: 0 } },
    ]);
    // Once over, its pick carries no live score.
    expect((await data(p.browser.get("sportsbook/getSelections", { ids: String(home) }))).items[0]).toMatchObject({ score: null, minute: null });
    await failure(p.browser.get("sportsbook/getEvent", { event_id: "x" }), 400, "InvalidParameterException");
  });
});
