import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { refreshMirror } from "../../workers/platform/player/remote-d1";
import { settleEvent } from "../../workers/platform/sportsbook/settle";
import { registerPlayer } from "./auth-helpers";
import { data } from "./helpers";
import { playerDb } from "./player-db";
import { bettor, makeEvent, place, setEvent, settleMarket } from "./sportsbook-helpers";
import { balanceOf, campaignId } from "./wheel-helpers";

/**
 * One product per incentive (issue 40, decision 0094; UKGC LCCP SR 5.1.1 as amended, from 19
 * January 2026): a UK player is offered no promotion that asks for play on one product to reward
 * another, nor one that rewards both — the daily wheel (casino prizes) counts no sports bets for
 * them, their welcome is of the product they chose, and no offer pairs a free bet with free spins.
 * A player of any other market keeps them, which each test checks beside.
 */

const GB = {
  country_code: "GB",
  first_name: "Amy",
  last_name: "Clarke",
  birth_date: "1990-04-15",
  home_town: "London",
  address: "1 High Street",
  postcode: "SW1A 1AA",
  currency: "USD",
};

/** Moves player `uid` to the UK (the object's copy of the row follows, as a country change does). */
async function toUk(uid: number) {
  await env.DB.prepare("UPDATE users SET country_code = 'GB' WHERE uid = ?1").bind(uid).run();
  await refreshMirror(env, uid);
}

const welcome = async (uid: number) => {
  const db = playerDb(uid);
  const [bonuses, packs] = await Promise.all([
    db
      .prepare(
        "SELECT t.sysname FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id WHERE b.uid = ?1 AND b.grant_key LIKE 'registration:%' ORDER BY 1",
      )
      .bind(uid)
      .all<{ sysname: string }>(),
    db.prepare("SELECT grant_key FROM freespin_packs WHERE uid = ?1 AND grant_key LIKE 'registration:%' ORDER BY 1").bind(uid).all<{ grant_key: string }>(),
  ]);
  return { bonuses: bonuses.results.map((r) => r.sysname), packs: packs.results.map((r) => r.grant_key) };
};

const betsQuest = (uid: number) =>
  playerDb(uid)
    .prepare("SELECT p.progress FROM quest_progress p JOIN quests q ON q.id = p.quest_id WHERE p.uid = ?1 AND q.sysname = 'weekly-bets-3'")
    .bind(uid)
    .first<number>("progress");

describe("one product per incentive", () => {
  it("a UK player's welcome is of the product they chose; elsewhere it is the casino bonus, its free spins and the free bet", async () => {
    const sports = await registerPlayer({ ...GB, is_betting: "1" });
    expect(await welcome(sports.uid)).toEqual({ bonuses: ["free-bet"], packs: [] });
    const casino = await registerPlayer({ ...GB, is_betting: "0" });
    expect(await welcome(casino.uid)).toEqual({ bonuses: ["no-deposit"], packs: ["registration:welcome-spins"] });
    const elsewhere = await registerPlayer({ is_betting: "1" });
    expect(await welcome(elsewhere.uid)).toEqual({ bonuses: ["free-bet", "no-deposit"], packs: ["registration:welcome-spins"] });
  });

  it("the daily wheel neither lists nor counts a UK player's sports bets; another player's count", async () => {
    const daily = await campaignId("daily-wheel");
    const uk = await bettor(10_000);
    await toUk(uk.uid);
    const us = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [185, 340, 420] }] });
    const market = e.markets[0]!;
    for (const p of [uk, us]) for (const s of market.selections) await data(place(p, { selections: [s], stake: 100 }));
    await settleMarket(market, ["win", "lose", "lose"]);
    await setEvent(e.id, "finished");
    expect(await settleEvent(env, e.id)).toEqual({ settled: 6 });
    expect(await betsQuest(uk.uid)).toBeNull();
    expect(await balanceOf(uk.uid, daily)).toBe(0);
    expect(await betsQuest(us.uid)).toBe(3);
    expect(await balanceOf(us.uid, daily)).toBe(1);

    const listed = async (p: typeof uk) =>
      (await data(p.browser.get("FortuneWheels/campaignsQuestsGet", { campaign_id: daily }))).items.map((q: { sysname: string }) => q.sysname);
    expect(await listed(uk)).not.toContain("weekly-bets-3");
    expect((await listed(uk)).length).toBeGreaterThan(0);
    expect(await listed(us)).toContain("weekly-bets-3");
  });

  it("no offer pairing a sports free bet with casino free spins is shown to or taken by a UK player", async () => {
    const ids = async (sysname: string) =>
      (await env.DB.prepare(`SELECT id FROM ${sysname.startsWith("f:") ? "freespin_templates" : "bonus_templates"} WHERE sysname = ?1`)
        .bind(sysname.replace(/^f:/, ""))
        .first<number>("id"))!;
    const sysname = `mixed-${Date.now()}`;
    await env.DB.prepare(
      "INSERT INTO campaign_offers (sysname, trigger_action, bonus_template_id, freespin_template_id, phase, texts) VALUES (?1, 'take', ?2, ?3, 'running', '{}')",
    )
      .bind(sysname, await ids("free-bet"), await ids("f:offer-depositor-spins"))
      .run();
    const offerId = (await env.DB.prepare("SELECT id FROM campaign_offers WHERE sysname = ?1").bind(sysname).first<number>("id"))!;
    try {
      const uk = await registerPlayer();
      await toUk(uk.uid);
      const us = await registerPlayer();
      const offered = async (p: typeof uk) => (await data(p.browser.get("campaigns/getoffers"))).items.map((o: { id: number }) => o.id);
      expect(await offered(us)).toContain(offerId);
      expect(await offered(uk)).not.toContain(offerId);
      const taken = await uk.browser.post("campaigns/takepromotions", { offer_id: String(offerId) });
      expect(taken.status).toBe(404);
    } finally {
      await env.DB.prepare("DELETE FROM campaign_offers WHERE id = ?1").bind(offerId).run();
    }
  });
});
