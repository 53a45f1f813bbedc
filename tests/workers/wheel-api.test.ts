import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { data, failure, get, post } from "./helpers";
import { campaignId, grantSpins, spin } from "./wheel-helpers";

/** Bad input on every FortuneWheels method gets a clear 4xx, never a 500 (issue 21, decision 0047); the winners list. */

const field = async (res: Promise<Response>, name: string, status = 400) =>
  (await failure(res, status, "InvalidParameterException")).invalid_parameters?.[name]?.[0];

describe("FortuneWheels bad input", () => {
  it("asks a visitor to sign in for the player's methods", async () => {
    await failure(get("FortuneWheels/wheelRewardsGet", { campaign_id: 1 }), 401, "AuthorizationException");
    await failure(get("FortuneWheels/userQuestsHistoryGet", { campaign_id: 1 }), 401, "AuthorizationException");
    await failure(post("FortuneWheels/buySpin", { campaign_id: 1, spins_amount: 1, key: "abcdefgh12" }), 401, "AuthorizationException");
    await failure(post("FortuneWheels/spinWheel", { campaign_id: 1, key: "abcdefgh12" }), 401, "AuthorizationException");
    await failure(get("FortuneWheels/fairnessGet"), 401, "AuthorizationException");
    await failure(post("FortuneWheels/clientSeedSet", { client_seed: "abc" }), 401, "AuthorizationException");
    await failure(post("FortuneWheels/seedRotate"), 401, "AuthorizationException");
  });

  it("names the field and the rule for each method's bad parameters", async () => {
    const p = await registerPlayer();
    expect(await field(get("FortuneWheels/campaignsInfo", { campaign_id: "abc" }), "campaign_id")).toBe("campaign_id must be a number");
    expect(await field(get("FortuneWheels/campaignsInfo", { campaign_id: 999_999 }), "campaign_id", 404)).toBe("No such wheel campaign");
    expect(await field(get("FortuneWheels/wheelInfoGet", { campaign_id: -2 }), "campaign_id")).toBe("campaign_id must be positive");
    expect(await field(get("FortuneWheels/wheelInfoGet", { campaign_id: 999_999 }), "campaign_id", 404)).toBe("No such wheel campaign");
    expect(await field(p.browser.get("FortuneWheels/wheelRewardsGet", { campaign_id: 1, count: 0 }), "count")).toMatch(/count/);
    expect(await field(get("FortuneWheels/wheelSpinResults", { campaign_id: 1, scope: "all" }), "scope")).toBe("scope is 'mine' or 'winners'");
    expect(await field(get("FortuneWheels/wheelSpinResults", { campaign_id: 999_999 }), "campaign_id", 404)).toBe("No such wheel campaign");
    expect(await field(get("FortuneWheels/campaignsQuestsGet", { campaign_id: 1.5 }), "campaign_id")).toBe("campaign_id must be an integer");
    expect(await field(get("FortuneWheels/campaignsQuestsInfo", { quest_id: "x" }), "quest_id")).toBe("quest_id must be a number");
    expect(await field(get("FortuneWheels/campaignsQuestsInfo", { quest_id: 999_999 }), "quest_id", 404)).toBe("No such wheel quest");
    expect(await field(p.browser.get("FortuneWheels/userQuestsHistoryGet", { campaign_id: 1, limit: 101 }), "limit")).toBe("limit must be at most 100");
    const premium = await campaignId("premium-wheel");
    expect(await field(p.browser.post("FortuneWheels/buySpin", { campaign_id: premium, spins_amount: 0, key: "abcdefgh12" }), "spins_amount")).toBe(
      "spins_amount must be at least 1",
    );
    expect(await field(p.browser.post("FortuneWheels/buySpin", { campaign_id: premium, spins_amount: 101, key: "abcdefgh12" }), "spins_amount")).toBe(
      "spins_amount must be at most 100",
    );
    expect(
      await field(p.browser.post("FortuneWheels/buySpin", { campaign_id: premium, spins_amount: 1, pay_with: "card", key: "abcdefgh12" }), "pay_with"),
    ).toBe("pay_with is 'money' or 'points'");
    expect(await field(p.browser.post("FortuneWheels/buySpin", { campaign_id: premium, spins_amount: 1, key: "short" }), "key")).toMatch(/key is 8 to 64/);
    expect(await field(p.browser.post("FortuneWheels/spinWheel", { campaign_id: premium }), "key")).toBe("key is required");
    expect(await field(p.browser.post("FortuneWheels/spinWheel", { campaign_id: "x", key: "abcdefgh12" }), "campaign_id")).toBe("campaign_id must be a number");
    expect(await field(p.browser.post("FortuneWheels/clientSeedSet", { client_seed: "has space" }), "client_seed")).toMatch(/without ':' or spaces/);
    expect(await field(p.browser.post("FortuneWheels/clientSeedSet", {}), "client_seed")).toBe("client_seed is required");
  });
});

describe("FortuneWheels.wheelSpinResults winners", () => {
  it("lists everyone's paying spins with masked names, and the player's gifts in wheelRewardsGet", async () => {
    const p = await registerPlayer();
    const daily = await campaignId("daily-wheel");
    await grantSpins(p.uid, daily, 30);
    const mine: { id: string; reward: { type: string } }[] = [];
    for (let i = 0; i < 12; i++) mine.push((await data(spin(p, daily))).spin);
    const paying = mine.filter((s) => s.reward.type !== "nothing");
    const winners = await data(get("FortuneWheels/wheelSpinResults", { campaign_id: daily, count: 100 }));
    const ours = winners.items.filter((s: { id: string }) => mine.some((m) => m.id === s.id));
    expect(ours).toHaveLength(paying.length);
    expect(ours.every((s: { player: string; bonus_id: unknown }) => /\*\*\*/.test(s.player) && s.bonus_id === null)).toBe(true);
    expect(winners.items.every((s: { reward: { type: string } }) => s.reward.type !== "nothing")).toBe(true);
    const gifts = await data(p.browser.get("FortuneWheels/wheelRewardsGet", { campaign_id: daily, count: 100 }));
    expect(gifts.count).toBe(paying.length);
    expect(gifts.items.map((s: { id: string }) => s.id).sort()).toEqual(paying.map((s) => s.id).sort());
  });
});
