import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runOfferClock } from "../../workers/platform/offers/clock";
import { Browser, registerPlayer, type Player } from "./auth-helpers";
import { depositWith, startDeposit } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { insertOffer } from "./offers-helpers";
import { connect, moneyDeps, tokenFor } from "./realtime-helpers";
import { playerDb } from "./player-db";

/** Campaign offers (decision 0043): lists, one offer, taking it, deposits naming it, segments, time boxes, the clock. */

const HOUR = 3600_000;
const offers = async (p: Player, query: Record<string, string | number> = {}) => (await data(p.browser.get("campaigns/getoffers", query))).items as any[];
const ids = async (p: Player) => (await offers(p)).map((o) => o.id);
const seededId = async (sysname: string) => (await env.DB.prepare("SELECT id FROM campaign_offers WHERE sysname = ?1").bind(sysname).first<number>("id"))!;
const offerBonus = (p: Player, offerId: number) =>
  playerDb(p.uid)
    .prepare("SELECT status, amount, deposit_amount, wager_required FROM player_bonuses WHERE uid = ?1 AND grant_key = ?2")
    .bind(p.uid, `offer:${offerId}`)
    .all();

describe("campaigns.getoffers and getOffer", () => {
  it("a new player sees the seeded deposit offer and the newcomer chip, with trigger, description and promotions", async () => {
    const p = await registerPlayer();
    const list = await data(p.browser.get("campaigns/getoffers"));
    const reload = list.items.find((o: any) => o.sysname === "weekend-reload");
    expect(reload).toMatchObject({
      trigger: { action: "deposit", params: { exclude_methods: ["demo_mobile"] }, user_satisfies_params: true },
      description: { title: "Reload with 50% extra", image: "/images/banners/reload.svg" },
      promotions: [
        { type: "bonus", percent: 50, cap: { amount: 20000, currency: "USD" }, min_deposit: { amount: 2000, currency: "USD" }, wager_multiplier: 10 },
      ],
    });
    expect(list.items.map((o: any) => o.sysname)).toContain("newcomer-chip");
    // Depositors only, and not started yet.
    expect(list.items.map((o: any) => o.sysname)).not.toContain("depositor-spins");
    expect(list.items.map((o: any) => o.sysname)).not.toContain("flash-friday");
    expect(list.count).toBe(list.items.length);
  });

  it("a deposit offer is satisfiable while one deposit method in the player's currency is open to it, and not once it excludes them all", async () => {
    const p = await registerPlayer();
    const { results } = await env.DB.prepare("SELECT sysname FROM cashier_methods WHERE direction = 'deposit' AND is_enabled = 1").all<{ sysname: string }>();
    const methods = results.map((m) => m.sysname);
    expect(methods.length).toBeGreaterThan(1);
    const allButOne = await insertOffer({ action: "deposit", exclude: methods.slice(1) });
    const none = await insertOffer({ action: "deposit", exclude: methods });
    const satisfies = async (id: number) =>
      (await data(p.browser.get("campaigns/getOffer", { offer_id: id, fields: "trigger" }))).trigger.user_satisfies_params;
    expect([await satisfies(allButOne), await satisfies(none)]).toEqual([true, false]);
  });

  it("fields picks what comes back; an unknown field, a bad offset or offer_id is a 400", async () => {
    const p = await registerPlayer();
    const [first] = await offers(p, { fields: "description" });
    expect(first.description.title).toBeTruthy();
    expect(first.trigger).toBeUndefined();
    expect(first.promotions).toBeUndefined();
    const bad = await failure(p.browser.get("campaigns/getoffers", { fields: "trigger,secret" }), 400, "InvalidParameterException");
    expect(JSON.stringify(bad)).toContain("secret");
    await failure(p.browser.get("campaigns/getoffers", { offset: -1 }), 400, "InvalidParameterException");
    await failure(p.browser.get("campaigns/getOffer", { offer_id: "abc" }), 400, "InvalidParameterException");
    await failure(p.browser.get("campaigns/getOffer", {}), 400, "InvalidParameterException");
  });

  it("description.image is the image under the operator's configured key; an offer without it keeps its own", async () => {
    const p = await registerPlayer();
    const keyed = await insertOffer({ texts: { en: { title: "Keyed", text: "", image: "/o.svg", image_mobile: "/o-m.svg" } } });
    const plain = await insertOffer({ texts: { en: { title: "Plain", text: "", image: "/p.svg" } } });
    const image = async (id: number) => (await data(p.browser.get("campaigns/getOffer", { offer_id: id, fields: "description" }))).description.image;
    expect([await image(keyed), await image(plain)]).toEqual(["/o.svg", "/p.svg"]);
    await env.DB.prepare(`UPDATE settings SET value = '{"image_key":"image_mobile"}' WHERE key = 'content_images'`).run();
    try {
      expect([await image(keyed), await image(plain)]).toEqual(["/o-m.svg", "/p.svg"]);
      expect((await offers(p, { fields: "description" })).find((o) => o.id === keyed).description.image).toBe("/o-m.svg");
    } finally {
      await env.DB.prepare(`UPDATE settings SET value = '{"image_key":"image"}' WHERE key = 'content_images'`).run();
    }
  });

  it("getOffer answers an available offer in the player's locale, and 404 for an unknown one or one not for them", async () => {
    const p = await registerPlayer({ locale: "es" }, new Browser());
    const id = await insertOffer();
    const one = await data(p.browser.get("campaigns/getOffer", { offer_id: id, locale: "es" }));
    expect(one.description.title).toMatch(/^Oferta /);
    await failure(p.browser.get("campaigns/getOffer", { offer_id: 999_999 }), 404, "InvalidParameterException");
    const depositorsOnly = await insertOffer({ deposits: "some" });
    await failure(p.browser.get("campaigns/getOffer", { offer_id: depositorsOnly }), 404, "InvalidParameterException");
  });

  it("a visitor gets 401", async () => {
    await failure(new Browser().get("campaigns/getoffers"), 401, "AuthorizationException");
  });
});

describe("segments and time boxes", () => {
  it("new players, depositors, country and locale", async () => {
    const fresh = await registerPlayer({ country_code: "BR", locale: "pt" });
    const newOnly = await insertOffer({ deposits: "none" });
    const depositors = await insertOffer({ deposits: "some" });
    const brazil = await insertOffer({ countries: ["BR"] });
    const germany = await insertOffer({ countries: ["DE"] });
    const portuguese = await insertOffer({ locales: ["pt"] });
    const arabic = await insertOffer({ locales: ["ar"] });
    let seen = await ids(fresh);
    expect(seen).toEqual(expect.arrayContaining([newOnly, brazil, portuguese]));
    for (const id of [depositors, germany, arabic]) expect(seen).not.toContain(id);
    await depositWith(fresh, "success", { amount: 5000 });
    seen = await ids(fresh);
    expect(seen).toContain(depositors);
    expect(seen).not.toContain(newOnly);
  });

  it("an offer is available only between starts_at and ends_at", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    const future = await insertOffer({ starts_at: now + HOUR, ends_at: now + 2 * HOUR });
    const past = await insertOffer({ starts_at: now - 2 * HOUR, ends_at: now - HOUR });
    const running = await insertOffer({ starts_at: now - HOUR, ends_at: now + HOUR });
    const seen = await ids(p);
    expect(seen).toContain(running);
    expect(seen).not.toContain(future);
    expect(seen).not.toContain(past);
  });
});

describe("campaigns.takepromotions", () => {
  it("grants the offer's bonus once and removes the offer from the list; a second take is a 404", async () => {
    const p = await registerPlayer();
    const id = await seededId("newcomer-chip");
    expect(await ids(p)).toContain(id);
    expect(await data(p.browser.post("campaigns/takepromotions", { offer_id: id }))).toBe(1);
    expect((await offerBonus(p, id)).results).toEqual([{ status: "available", amount: 500, deposit_amount: 0, wager_required: 5000 }]);
    const list = await data(p.browser.get("bonuses/get"));
    expect(list.available.map((b: any) => b.sysname)).toContain("offer-newcomer-chip");
    expect(await ids(p)).not.toContain(id);
    await failure(p.browser.post("campaigns/takepromotions", { offer_id: id }), 404, "InvalidParameterException");
    expect((await offerBonus(p, id)).results).toHaveLength(1);
  });

  it("five takes at once grant one bonus", async () => {
    const p = await registerPlayer();
    const id = await insertOffer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => p.browser.post("campaigns/takepromotions", { offer_id: id })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(4);
    expect((await offerBonus(p, id)).results).toHaveLength(1);
  });

  it("a free-spin offer grants a pack; a deposit offer is refused (it comes with a deposit); bad ids are 400/404", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 5000 });
    const spins = await seededId("depositor-spins");
    await data(p.browser.post("campaigns/takepromotions", { offer_id: spins }));
    const pack = await playerDb(p.uid)
      .prepare("SELECT count, sysname FROM freespin_packs WHERE uid = ?1 AND grant_key = ?2")
      .bind(p.uid, `offer:${spins}`)
      .first();
    expect(pack).toEqual({ count: 25, sysname: "fortune_panda" });
    const reload = await seededId("weekend-reload");
    await failure(p.browser.post("campaigns/takepromotions", { offer_id: reload }), 400, "InvalidParameterException");
    await failure(p.browser.post("campaigns/takepromotions", { offer_id: 0 }), 400, "InvalidParameterException");
    await failure(p.browser.post("campaigns/takepromotions", { offer_id: 424242 }), 404, "InvalidParameterException");
  });

  it("tells the player's pages the offer is gone (campaign.offer.deactivated)", async () => {
    const p = await registerPlayer();
    const id = await insertOffer();
    const client = await connect(await tokenFor(p.uid));
    await data(p.browser.post("campaigns/takepromotions", { offer_id: id }));
    const seen: any[] = [];
    while (!seen.some((m) => m.event === "campaign.offer.deactivated")) seen.push(await client.next());
    expect(seen.find((m) => m.event === "campaign.offer.deactivated").data).toEqual({ offer_id: id });
    client.ws.close(1000);
  });
});

describe("deposits with campaign_offer_id", () => {
  it("the offer's bonus is granted when the deposit settles, once, and the offer is taken", async () => {
    const p = await registerPlayer();
    const id = await seededId("weekend-reload");
    const { id: tx } = await depositWith(p, "success", { amount: 10_000, campaign_offer_id: id });
    expect((await offerBonus(p, id)).results).toEqual([{ status: "available", amount: 5000, deposit_amount: 10_000, wager_required: 50_000 }]);
    const row = await playerDb(p.uid).prepare("SELECT status, transaction_id FROM player_offers WHERE uid = ?1 AND offer_id = ?2").bind(p.uid, id).first();
    expect(row).toEqual({ status: "taken", transaction_id: tx });
    expect(await ids(p)).not.toContain(id);
    // Naming it again is refused; the books hold one bonus.
    await failure(
      p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 10_000, campaign_offer_id: id, idempotency_key: "again-1" }),
      400,
      "InvalidParameterException",
    );
    expect((await offerBonus(p, id)).results).toHaveLength(1);
  });

  it("the settled deposit tells the player's pages the offer is gone", async () => {
    const p = await registerPlayer();
    const id = await seededId("weekend-reload");
    const client = await connect(await tokenFor(p.uid));
    await depositWith(p, "success", { amount: 5000, campaign_offer_id: id });
    const seen: any[] = [];
    while (!seen.some((m) => m.event === "campaign.offer.deactivated")) seen.push(await client.next());
    expect(seen.find((m) => m.event === "campaign.offer.deactivated").data).toEqual({ offer_id: id });
    client.ws.close(1000);
  });

  it("two deposits naming the offer before either settles grant it once", async () => {
    const p = await registerPlayer();
    const id = await seededId("weekend-reload");
    const a = await startDeposit(p, { amount: 4000, campaign_offer_id: id });
    const b = await startDeposit(p, { amount: 6000, campaign_offer_id: id });
    const { choose } = await import("./cashier-helpers");
    await choose(p, a.redirect_url, "success");
    await choose(p, b.redirect_url, "success");
    expect((await offerBonus(p, id)).results).toEqual([expect.objectContaining({ amount: 2000, deposit_amount: 4000 })]);
  });

  it("refuses an excluded method, an amount out of range, an offer not for the player or not a deposit offer", async () => {
    const p = await registerPlayer();
    const id = await seededId("weekend-reload");
    const refused = async (fields: Record<string, string | number>, text: RegExp) => {
      const e = await failure(
        p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: `k-${Math.random()}`, ...fields }),
        400,
        "InvalidParameterException",
      );
      expect(JSON.stringify(e)).toMatch(text);
    };
    await refused({ method: "demo_mobile", campaign_offer_id: id, requisites: JSON.stringify({ phone: "2025550123" }) }, /payment method/);
    await refused({ amount: 1000, campaign_offer_id: id }, /amount/);
    await refused({ campaign_offer_id: await insertOffer({ action: "deposit", deposits: "some", bonus: "offer-weekend-reload" }) }, /not available/);
    await refused({ campaign_offer_id: await seededId("newcomer-chip") }, /not taken with a deposit/);
    await refused({ campaign_offer_id: "x" }, /campaign_offer_id/);
    // Nothing was taken by the refusals.
    expect(await ids(p)).toContain(id);
  });

  it("a failed deposit grants nothing and leaves the offer available", async () => {
    const p = await registerPlayer();
    const id = await seededId("weekend-reload");
    await depositWith(p, "fail", { amount: 5000, campaign_offer_id: id });
    expect((await offerBonus(p, id)).results).toEqual([]);
    expect(await ids(p)).toContain(id);
  });
});

describe("the offers' clock", () => {
  it("starts and ends time-boxed offers once, telling signed-in players", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    const id = await insertOffer({ starts_at: now + HOUR, ends_at: now + 2 * HOUR });
    const client = await connect(await tokenFor(p.uid));
    const deps = moneyDeps();
    expect((await runOfferClock(deps, now)).started).not.toContain(id);
    const first = await runOfferClock(deps, now + HOUR);
    expect(first.started).toContain(id);
    expect((await runOfferClock(deps, now + HOUR)).started).not.toContain(id);
    await deps.settled();
    const seen: any[] = [];
    while (!seen.some((m) => m.event === "campaign.offer.available" && m.data.offer_id === id)) seen.push(await client.next());
    const end = await runOfferClock(deps, now + 2 * HOUR);
    expect(end.ended).toContain(id);
    expect((await runOfferClock(deps, now + 2 * HOUR)).ended).not.toContain(id);
    await deps.settled();
    while (!seen.some((m) => m.event === "campaign.offer.deactivated" && m.data.offer_id === id)) seen.push(await client.next());
    expect(seen.filter((m) => m.event === "campaign.offer.available" && m.data.offer_id === id)).toHaveLength(1);
    client.ws.close(1000);
  });

  it("does not announce an offer to a player outside its segment or who took it", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    const depositorsOnly = await insertOffer({ deposits: "some", starts_at: now + HOUR });
    const mine = await insertOffer({ starts_at: now + HOUR });
    const client = await connect(await tokenFor(p.uid));
    const deps = moneyDeps();
    await runOfferClock(deps, now + HOUR);
    await deps.settled();
    const seen: any[] = [];
    while (!seen.some((m) => m.event === "campaign.offer.available" && m.data.offer_id === mine)) seen.push(await client.next());
    expect(seen.some((m) => m.data?.offer_id === depositorsOnly)).toBe(false);
    client.ws.close(1000);
  });

  it("with more signed-in players than a run may tell, later runs go on where one stopped until every one is told", async () => {
    const players = [await registerPlayer(), await registerPlayer(), await registerPlayer()];
    const now = Date.now();
    const id = await insertOffer({ starts_at: now + HOUR });
    const clients = await Promise.all(players.map(async (p) => connect(await tokenFor(p.uid))));
    const deps = moneyDeps();
    const pending = () =>
      env.DB.prepare("SELECT after_uid FROM offer_announcements WHERE offer_id = ?1 AND event = 'available'").bind(id).first<number>("after_uid");
    // Every signed-in player the offer is for: this file's players, and the three new ones.
    const told = (await env.DB.prepare("SELECT COUNT(*) AS n FROM users u WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.uid = u.uid AND s.expires_at > ?1)")
      .bind(now + HOUR)
      .first<number>("n"))!;
    expect(told).toBeGreaterThanOrEqual(3);
    expect((await runOfferClock(deps, now + HOUR, 2)).started).toContain(id);
    expect(await pending()).toBeGreaterThan(0);
    let runs = 1;
    while ((await pending()) !== null) {
      await runOfferClock(deps, now + HOUR, 2);
      expect(++runs).toBeLessThanOrEqual(told);
    }
    // Pages of two, and the last (short, or empty) ends it.
    expect(runs).toBe(Math.floor(told / 2) + 1);
    await deps.settled();
    for (const client of clients) {
      const seen: any[] = [];
      while (!seen.some((m) => m.event === "campaign.offer.available" && m.data.offer_id === id)) seen.push(await client.next());
      client.ws.close(1000);
    }
    // Nothing is left to tell: another run sends nothing more for it.
    await runOfferClock(deps, now + HOUR, 2);
    expect(await pending()).toBeNull();
  });

  it("the demo hook starts an offer now (not in production)", async () => {
    const p = await registerPlayer();
    const { send, ORIGIN } = await import("./helpers");
    const res = await send(`${ORIGIN}/platform/demo/offers/start?sysname=flash-friday`, { method: "POST", headers: { origin: ORIGIN } });
    expect(res.status).toBe(200);
    const flash = await seededId("flash-friday");
    expect((await res.json<any>()).data.started).toContain(flash);
    expect(await ids(p)).toContain(flash);
    const unknown = await send(`${ORIGIN}/platform/demo/offers/start?sysname=nope`, { method: "POST", headers: { origin: ORIGIN } });
    expect(unknown.status).toBe(404);
  });
});
