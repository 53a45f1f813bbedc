import { describe, expect, it } from "vitest";
import { depositWith } from "./cashier-helpers";
import { playRound, roundId } from "./game-studio-helpers";
import { data } from "./helpers";
import { gameOf, playerWith, real } from "./loyalty-helpers";
import { balanceOf, campaignId, checkSpinLedger, spinLedger } from "./wheel-helpers";
import { playerDb } from "./player-db";

/** Wheel quests (issue 21, decision 0047): progress in the batch of the round or deposit; a completed quest credits its spins once per period. */

const progressOf = (uid: number, sysname: string) =>
  playerDb(uid)
    .prepare("SELECT p.progress, p.completed_at FROM quest_progress p JOIN quests q ON q.id = p.quest_id WHERE p.uid = ?1 AND q.sysname = ?2")
    .bind(uid, sysname)
    .first<{ progress: number; completed_at: number | null }>();

const questSpins = async (uid: number) => (await spinLedger(uid)).filter((r) => r.reason === "quest").map((r) => r.delta);

describe("wheel quests", () => {
  it("3 real-money slot rounds today credit 1 spin once; table and demo rounds do not count", async () => {
    const p = await playerWith(100_000);
    const daily = await campaignId("daily-wheel");
    const slot = await gameOf("slot");
    await real(p, await gameOf("table"), 100);
    await data(playRound(p.browser, slot.sysname, { mode: "demo", bet: 100, round_id: roundId() }));
    expect(await progressOf(p.uid, "daily-slots-3")).toBeNull();
    await real(p, slot, 100);
    await real(p, slot, 100);
    expect(await progressOf(p.uid, "daily-slots-3")).toEqual({ progress: 2, completed_at: null });
    expect(await balanceOf(p.uid, daily)).toBe(0);
    await real(p, slot, 100);
    expect((await progressOf(p.uid, "daily-slots-3"))!.completed_at).not.toBeNull();
    expect(await balanceOf(p.uid, daily)).toBe(1);
    await real(p, slot, 100);
    expect(await balanceOf(p.uid, daily)).toBe(1);
    expect(await questSpins(p.uid)).toEqual([1]);

    const quests = await data(p.browser.get("FortuneWheels/campaignsQuestsGet", { campaign_id: daily }));
    expect(quests.items.find((q: { sysname: string }) => q.sysname === "daily-slots-3")).toMatchObject({
      progress: 3,
      target: 3,
      completed: true,
      reward_spins: 1,
    });
    // 4 × 1.00 wagered on slots counts towards the weekly 100.00.
    expect(quests.items.find((q: { sysname: string }) => q.sysname === "wager-weekly")).toMatchObject({ progress: 400, target: 10000, completed: false });
    const history = await data(p.browser.get("FortuneWheels/userQuestsHistoryGet", { campaign_id: daily }));
    expect(history.items).toEqual([expect.objectContaining({ title: "Play 3 slot rounds", spins: 1 })]);
    await checkSpinLedger(p.uid);
  });

  it("100.00 wagered on slots this week completes wager-weekly with the round that reaches it", async () => {
    const p = await playerWith(100_000);
    const slot = await gameOf("slot");
    for (let i = 0; i < 9; i++) await real(p, slot, 1000);
    expect(await progressOf(p.uid, "wager-weekly")).toMatchObject({ progress: 9000, completed_at: null });
    await real(p, slot, 1000);
    expect((await progressOf(p.uid, "wager-weekly"))!.completed_at).not.toBeNull();
    // daily-slots-3 (1 spin) and wager-weekly (1 spin).
    expect((await questSpins(p.uid)).sort()).toEqual([1, 1]);
    expect(await balanceOf(p.uid, await campaignId("daily-wheel"))).toBe(2);
    await checkSpinLedger(p.uid);
  });

  it("the first successful deposit credits 2 spins once; a failed one and a repeated settlement do not count", async () => {
    const p = await playerWith(0);
    const daily = await campaignId("daily-wheel");
    await depositWith(p, "fail");
    expect(await progressOf(p.uid, "first-deposit")).toBeNull();
    const first = await depositWith(p, "success");
    expect(await balanceOf(p.uid, daily)).toBe(2);
    const { applyDepositStatus } = await import("../../workers/platform/cashier/settle");
    const { findTransaction } = await import("../../workers/platform/cashier/transactions");
    const { moneyDeps } = await import("./realtime-helpers");
    await applyDepositStatus({ ...moneyDeps(), db: playerDb(p.uid) }, (await findTransaction(playerDb(p.uid), first.id))!, "success");
    await depositWith(p, "success");
    expect(await progressOf(p.uid, "first-deposit")).toMatchObject({ progress: 1 });
    expect(await balanceOf(p.uid, daily)).toBe(2);
    expect(await questSpins(p.uid)).toEqual([2]);
    await checkSpinLedger(p.uid);
  });

  it("shows quests with progress 0 to a visitor, one quest by id, and 404 for an unknown quest", async () => {
    const daily = await campaignId("daily-wheel");
    const { get, failure } = await import("./helpers");
    const list = await data(get("FortuneWheels/campaignsQuestsGet", { campaign_id: daily }));
    expect(list.items.map((q: { sysname: string; progress: number }) => [q.sysname, q.progress])).toEqual([
      ["daily-slots-3", 0],
      ["first-deposit", 0],
      ["wager-weekly", 0],
      ["weekly-bets-3", 0],
    ]);
    const one = await data(get("FortuneWheels/campaignsQuestsInfo", { quest_id: list.items[1].id, locale: "pt" }));
    expect(one).toMatchObject({ sysname: "first-deposit", title: "Faça seu primeiro depósito", period: "ever", period_ends_at: null });
    await failure(get("FortuneWheels/campaignsQuestsInfo", { quest_id: 999_999 }), 404, "InvalidParameterException");
  });
});
