import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { depositWith } from "./cashier-helpers";
import { data, failure, get, post } from "./helpers";
import { account, checkLedger, gameOf, info, ledgerOf, notices, playerWith, real } from "./loyalty-helpers";
import { playerDb } from "./player-db";

/** Quests, characters, programmes and bad input on every loyalty method (issue 20, decision 0046). */

const progressOf = (uid: number, sysname: string) =>
  playerDb(uid)
    .prepare("SELECT p.progress, p.completed_at FROM quest_progress p JOIN quests q ON q.id = p.quest_id WHERE p.uid = ?1 AND q.sysname = ?2")
    .bind(uid, sysname)
    .first<{ progress: number; completed_at: number | null }>();

describe("loyalty quests", () => {
  it("50 real-money slot rounds complete 'slots-50' once: 50 points and a notice; table rounds do not count", async () => {
    const p = await playerWith(100_000);
    const slot = await gameOf("slot");
    await real(p, await gameOf("table"), 100);
    expect(await progressOf(p.uid, "slots-50")).toBeNull();
    for (let i = 0; i < 49; i++) await real(p, slot, 100);
    expect(await progressOf(p.uid, "slots-50")).toEqual({ progress: 49, completed_at: null });
    expect((await info(p)).points).toBe(4); // 49 × 1.00 on slots + 1.00 on a table: 4 whole points
    await real(p, slot, 100);
    expect((await progressOf(p.uid, "slots-50"))!.completed_at).not.toBeNull();
    expect((await info(p)).points).toBe(55); // 5 from play + 50 for the quest
    await real(p, slot, 100);
    expect((await progressOf(p.uid, "slots-50"))!.progress).toBe(50);
    expect((await ledgerOf(p.uid)).filter((r) => r.reason === "quest").map((r) => r.delta)).toEqual([50]);
    const quest = (await notices(p)).find((n) => n.trigger === "quest");
    expect(quest).toMatchObject({ type: "credit", amount: 50, title: "Quest complete: Play 50 slot rounds", message: "50 club points are yours." });
    await checkLedger(p.uid);
  });

  it("two successful deposits complete 'deposit-twice'; a failed one and a repeated settlement do not count", async () => {
    const p = await registerPlayer();
    await depositWith(p, "fail");
    const first = await depositWith(p, "success");
    expect(await progressOf(p.uid, "deposit-twice")).toEqual({ progress: 1, completed_at: null });
    // The payment system tells the same success again: counted once.
    const { applyDepositStatus } = await import("../../workers/platform/cashier/settle");
    const { findTransaction } = await import("../../workers/platform/cashier/transactions");
    const { moneyDeps } = await import("./realtime-helpers");
    await applyDepositStatus({ ...moneyDeps(), db: playerDb(p.uid) }, (await findTransaction(playerDb(p.uid), first.id))!, "success");
    expect((await progressOf(p.uid, "deposit-twice"))!.progress).toBe(1);
    await depositWith(p, "success");
    expect((await progressOf(p.uid, "deposit-twice"))!.completed_at).not.toBeNull();
    expect((await account(p.uid))!.points).toBe(100);
    await checkLedger(p.uid);
  });
});

describe("characters and programmes", () => {
  it("lists the characters to anyone, and the player chooses one", async () => {
    const all = await data(get("loyalty/getcharacters"));
    expect(all).toMatchObject({ offset: 0, limit: 20, total: 4 });
    expect(all.items.map((c: { sysname: string }) => c.sysname)).toEqual(["fox", "owl", "panda", "tiger"]);
    expect(all.items[0].image).toBe("/images/loyalty/fox.svg");
    const page = await data(get("loyalty/getcharacters", { offset: 1, limit: 2 }));
    expect(page.items.map((c: { sysname: string }) => c.sysname)).toEqual(["owl", "panda"]);
    const p = await registerPlayer();
    expect((await info(p)).character).toBeNull();
    const owl = all.items[1];
    expect(await data(p.browser.post("loyalty/setcharacter", { id: owl.id }))).toEqual(owl);
    expect((await info(p)).character).toEqual(owl);
  });

  it("starts with the character chosen at registration (character_id; auth-register.test.ts: an unknown one is refused)", async () => {
    const { items } = await data(get("loyalty/getcharacters"));
    const tiger = items.find((c: { sysname: string }) => c.sysname === "tiger");
    expect((await info(await registerPlayer({ character_id: tiger.id }))).character).toEqual(tiger);
  });

  it("lists programmes 2 at a time and answers one by id or sysname, in the locale asked", async () => {
    const list = await data(get("loyalty/getPrograms"));
    expect(list).toMatchObject({ offset: 0, limit: 2, total: 1 });
    const club = list.items[0];
    expect(club).toMatchObject({ sysname: "playfront-club", title: "Playfront Club", pointsAlias: "Club points", is_active: true });
    expect(club.earn).toMatchObject({ slot: { amount: 1000, currency: "USD" }, table: { amount: 5000, currency: "USD" }, live: null });
    expect(club.levels).toHaveLength(5);
    expect(await data(get("loyalty/getProgram", { id: club.id }))).toEqual(club);
    expect((await data(get("loyalty/getProgram", { sysname: "playfront-club", locale: "pt" }))).title).toBe("Clube Playfront");
  });
});

describe("bad input on every loyalty method", () => {
  it("answers 401 to a visitor where the method is the player's", async () => {
    await failure(get("loyalty/getinfo"), 401, "AuthorizationException");
    await failure(get("loyalty/getnotifications"), 401, "AuthorizationException");
    await failure(post("loyalty/setcharacter", { id: 1 }), 401, "AuthorizationException");
    await failure(post("loyalty/buyproduct", { product_id: 1, key: "abcdefgh12" }), 401, "AuthorizationException");
  });

  it("answers 400 with the field's message, and 404 for what does not exist", async () => {
    const p = await registerPlayer();
    expect((await failure(p.browser.post("loyalty/setcharacter", { id: "x" }), 400, "InvalidParameterException")).invalid_parameters?.id?.[0]).toBe(
      "id must be a number",
    );
    await failure(p.browser.post("loyalty/setcharacter", {}), 400, "InvalidParameterException");
    await failure(p.browser.post("loyalty/setcharacter", { id: 99_999 }), 404, "InvalidParameterException");
    expect((await failure(get("loyalty/getcharacters", { limit: 0 }), 400, "InvalidParameterException")).invalid_parameters?.limit?.[0]).toBe(
      "limit must be at least 1",
    );
    await failure(get("loyalty/getcharacters", { offset: -1 }), 400, "InvalidParameterException");
    await failure(get("loyalty/getproducts", { limit: 101 }), 400, "InvalidParameterException");
    await failure(get("loyalty/getPrograms", { limit: 21 }), 400, "InvalidParameterException");
    expect((await failure(get("loyalty/getProgram"), 400, "InvalidParameterException")).message).toMatch(/id or sysname is required/);
    await failure(get("loyalty/getProgram", { id: 99_999 }), 404, "InvalidParameterException");
    await failure(get("loyalty/getProgram", { sysname: "Nope!" }), 400, "InvalidParameterException");
    await failure(get("loyalty/getProgram", { sysname: "nope" }), 404, "InvalidParameterException");
  });

  it("the shop lists products to a visitor in the site's currency", async () => {
    const shop = await data(get("loyalty/getproducts"));
    expect(shop.total).toBe(4);
    expect(shop.items.map((x: { sysname: string; price: number; purchased: number }) => [x.sysname, x.price, x.purchased])).toEqual([
      ["starter-bonus", 150, 0],
      ["bonus-10", 800, 0],
      ["spins-20", 450, 0],
      ["cash-5", 1000, 0],
    ]);
    expect(shop.items[0].reward).toEqual({ type: "bonus", sysname: "loyalty-starter-bonus", amount: { amount: 200, currency: "USD" } });
    expect(shop.items[1].reward).toEqual({ type: "bonus", sysname: "loyalty-bonus-10", amount: { amount: 1000, currency: "USD" } });
    expect(shop.items[2].reward).toMatchObject({ type: "freespins", sysname: "welcome-spins", amount: null });
  });
});
