import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settleEvent } from "../../workers/platform/sportsbook/settle";
import { data } from "./helpers";
import { activeFreeBet, bettor, makeEvent, place, setEvent, settleMarket, type MadeEvent } from "./sportsbook-helpers";
import { balanceOf, campaignId, checkSpinLedger, spinLedger } from "./wheel-helpers";
import { playerDb } from "./player-db";

/**
 * A quest that counts sports bets (issue 37: a quest kind is a line in quests/kinds.ts and a
 * consumer of the bet's event, play/bet-consumers.ts). The seeded `weekly-bets-3` on the daily
 * wheel: 3 real-money bets settled won or lost this week credit 1 spin, once.
 */

const progressOf = (uid: number) =>
  playerDb(uid)
    .prepare("SELECT p.progress, p.completed_at FROM quest_progress p JOIN quests q ON q.id = p.quest_id WHERE p.uid = ?1 AND q.sysname = 'weekly-bets-3'")
    .bind(uid)
    .first<{ progress: number; completed_at: number | null }>();
const mr = (e: MadeEvent) => e.markets[0]!;
const questSpins = async (uid: number) => (await spinLedger(uid)).filter((r) => r.reason === "quest").map((r) => r.delta);

describe("a quest counting sports bets", () => {
  it("counts each real-money bet once it is settled won or lost, and credits its spin once", async () => {
    const p = await bettor(10_000);
    const daily = await campaignId("daily-wheel");
    const e = await makeEvent({ markets: [{ odds: [185, 340, 420] }] });
    for (const s of mr(e).selections) await data(place(p, { selections: [s], stake: 100 }));
    // Placed is not settled: nothing counts yet.
    expect(await progressOf(p.uid)).toBeNull();
    await settleMarket(mr(e), ["win", "lose", "lose"]);
    await setEvent(e.id, "finished");
    expect(await settleEvent(env, e.id)).toEqual({ settled: 3 });
    expect(await progressOf(p.uid)).toMatchObject({ progress: 3, completed_at: expect.any(Number) });
    expect(await balanceOf(p.uid, daily)).toBe(1);
    expect(await questSpins(p.uid)).toEqual([1]);
    // Settling again counts nothing and pays nothing.
    expect(await settleEvent(env, e.id)).toEqual({ settled: 0 });
    expect(await balanceOf(p.uid, daily)).toBe(1);
    await checkSpinLedger(p.uid);
    // The quest shows on the wheel with the player's progress.
    const quests = await data(p.browser.get("FortuneWheels/campaignsQuestsGet", { campaign_id: daily }));
    expect(quests.items.find((q: { sysname: string }) => q.sysname === "weekly-bets-3")).toMatchObject({
      kind: "sport_bets",
      target: 3,
      progress: 3,
      completed: true,
      reward_spins: 1,
    });
  });

  it("does not count a void bet nor a free bet (bonus money)", async () => {
    const p = await bettor(10_000);
    await activeFreeBet(p, "free-bet");
    const e = await makeEvent({ markets: [{ odds: [185, 340, 420] }] });
    const v = await makeEvent({ markets: [{ odds: [185, 340, 420] }] });
    await data(place(p, { selections: [mr(e).selections[0]!], stake: 500, funding: "betting_bonus" }));
    await data(place(p, { selections: [mr(v).selections[0]!], stake: 100 }));
    await settleMarket(mr(e), ["win", "lose", "lose"]);
    await setEvent(e.id, "finished");
    await settleMarket(mr(v), ["void", "void", "void"], "void");
    await setEvent(v.id, "finished");
    expect(await settleEvent(env, e.id)).toEqual({ settled: 1 });
    expect(await settleEvent(env, v.id)).toEqual({ settled: 1 });
    expect(await progressOf(p.uid)).toBeNull();
  });
});
