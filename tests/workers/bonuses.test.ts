import { describe, expect, it } from "vitest";
import { Browser, registerPlayer, type Player } from "./auth-helpers";
import { depositWith } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { restoreTemplates, setTemplateWagering } from "./jurisdiction-helpers";
import { playerDb } from "./player-db";

/** The bonus engine's first slice (decision 0039): grants by registration and deposit, activate, exit, decline. */

const bonuses = (p: Player) => data(p.browser.get("bonuses/get"));
const balances = async (p: Player) => {
  const b = await data(p.browser.get("account/getBalance"));
  return { main: b.balance_main.amount, bonus: b.balance_bonus.amount };
};
const events = async (uid: number, bonusId: string) =>
  (await playerDb(uid).prepare("SELECT event, amount FROM bonus_events WHERE bonus_id = ?1 ORDER BY id").bind(bonusId).all<{ event: string; amount: number }>())
    .results;
const ledgerSum = async (uid: number, kind: string) =>
  (await playerDb(uid).prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE uid = ?1 AND kind = ?2").bind(uid, kind).first<number>("s")) ?? 0;
const bySysname = (list: { sysname: string }[], sysname: string) => list.find((b) => b.sysname === sysname) as any;

describe("grants", () => {
  it("registration offers the sign-up bonus: 10.00, wagered 10 times, at most 2.00 a bet and 100.00 paid out", async () => {
    const p = await registerPlayer();
    const list = await bonuses(p);
    expect(list.active).toEqual([]);
    expect(list.history).toEqual([]);
    const signUp = bySysname(list.available, "no-deposit");
    expect(signUp).toMatchObject({
      type: "casino",
      status: "available",
      title: "Sign-up bonus",
      amount: { amount: 1000, currency: "USD" },
      deposit: null,
      deposit_id: null,
      wager_required: { amount: 10_000, currency: "USD" },
      wagered: { amount: 0, currency: "USD" },
      progress: { minValue: 0, maxValue: 10_000, expCount: 0 },
      max_bet: { amount: 200, currency: "USD" },
      max_cashout: { amount: 10_000, currency: "USD" },
      contributions: { slots: 100, table: 10, live: 0 },
      activated_at: null,
    });
    expect(signUp.available_until - signUp.created_at).toBe(7 * 24 * 3600_000);
    expect(await events(p.uid, signUp.id)).toEqual([{ event: "granted", amount: 1000 }]);
    // Nothing moves until the player activates it.
    expect(await balances(p)).toEqual({ main: 0, bonus: 0 });
  });

  it("in the player's currency, and in Spanish for a Spanish player", async () => {
    const p = await registerPlayer({ currency: "BRL" });
    expect(bySysname((await bonuses(p)).available, "no-deposit").amount).toEqual({ amount: 5000, currency: "BRL" });
    const es = new Browser();
    const q = await registerPlayer({ locale: "es" }, es);
    const list = await data(q.browser.get("bonuses/get", { locale: "es" }));
    expect(bySysname(list.available, "no-deposit").title).toBe("Bono de registro");
  });

  it("the first three deposits earn the welcome package, later ones the reload bonus; a deposit below the minimum earns nothing", async () => {
    const p = await registerPlayer();
    const first = await depositWith(p, "success", { amount: 10_000 });
    await depositWith(p, "success", { amount: 5000 });
    await depositWith(p, "success", { amount: 100_000 });
    await depositWith(p, "success", { amount: 6000 });
    await depositWith(p, "success", { amount: 4000 });
    const { available } = await bonuses(p);
    // Each names the deposit that earned it, so the deposit's success page can show it.
    expect(bySysname(available, "welcome-1")).toMatchObject({
      amount: { amount: 10_000 },
      deposit: { amount: 10_000 },
      deposit_id: first.id,
      wager_required: { amount: 100_000 },
    });
    expect(bySysname(available, "welcome-2")).toMatchObject({ amount: { amount: 2500 }, deposit: { amount: 5000 }, wager_required: { amount: 25_000 } });
    // 25% of 1,000.00 is capped at 200.00.
    expect(bySysname(available, "welcome-3")).toMatchObject({ amount: { amount: 20_000 }, deposit: { amount: 100_000 } });
    // Reload: the bonus wagered 10 times (the seed is fair: decision 0085).
    const reload = available.filter((b: { sysname: string }) => b.sysname === "reload");
    expect(reload).toHaveLength(1);
    expect(reload[0]).toMatchObject({ amount: { amount: 1500 }, deposit: { amount: 6000 }, wager_required: { amount: 10 * 1500 }, wager_base: "bonus" });
    expect(available).toHaveLength(5);
  });

  it("a template counting the deposit and the bonus (an operator's choice; the seed's count the bonus alone) asks (deposit + bonus) × its multiple", async () => {
    await setTemplateWagering("reload", 30, "deposit_bonus");
    try {
      const p = await registerPlayer();
      for (const amount of [10_000, 5000, 10_000, 6000]) await depositWith(p, "success", { amount });
      expect(bySysname((await bonuses(p)).available, "reload")).toMatchObject({
        amount: { amount: 1500 },
        deposit: { amount: 6000 },
        wager_required: { amount: 30 * 7500 },
        wager_multiplier: 30,
        wager_base: "deposit_bonus",
      });
    } finally {
      await restoreTemplates();
    }
  });

  it("a failed deposit earns nothing, and a first deposit under 20.00 uses up the first-deposit bonus", async () => {
    const p = await registerPlayer();
    await depositWith(p, "fail", { amount: 10_000 });
    await depositWith(p, "success", { amount: 1000 });
    await depositWith(p, "success", { amount: 10_000 });
    const sysnames = (await bonuses(p)).available.map((b: { sysname: string }) => b.sysname).sort();
    expect(sysnames).toEqual(["no-deposit", "welcome-2"]);
  });

  it("a deposit settled twice grants its bonus once", async () => {
    const p = await registerPlayer();
    const { id, started } = await depositWith(p, "success", { amount: 10_000 });
    // The payment page's outcome again (a repeated callback): nothing more.
    const { choose } = await import("./cashier-helpers");
    await choose(p, started.redirect_url, "success");
    const rows = await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM player_bonuses WHERE deposit_id = ?1").bind(id).first<number>("n");
    expect(rows).toBe(1);
  });
});

describe("activate, exit and decline", () => {
  it("activating credits the bonus balance in the same step, starts wagering, and a second activation changes nothing", async () => {
    const p = await registerPlayer();
    const signUp = bySysname((await bonuses(p)).available, "no-deposit");
    const before = Date.now();
    const active = await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    expect(active).toMatchObject({ id: signUp.id, status: "active" });
    expect(active.expires_at - active.activated_at).toBe(7 * 24 * 3600_000);
    expect(active.activated_at).toBeGreaterThanOrEqual(before);
    expect(await balances(p)).toEqual({ main: 0, bonus: 1000 });
    expect(await ledgerSum(p.uid, "bonus")).toBe(1000);
    const list = await bonuses(p);
    expect(list.active.map((b: { id: string }) => b.id)).toEqual([signUp.id]);
    expect(list.available.map((b: { id: string }) => b.id)).not.toContain(signUp.id);
    expect((await failure(p.browser.post("bonuses/activate", { bonus_id: signUp.id }), 400, "InvalidParameterException")).invalid_parameters).toEqual({
      bonus_id: ["No such bonus"],
    });
    expect(await balances(p)).toEqual({ main: 0, bonus: 1000 });
    expect((await events(p.uid, signUp.id)).map((e) => e.event)).toEqual(["granted", "activated"]);
  });

  it("one active bonus at a time: a second is refused with 409 until the first is exited", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 10_000 });
    const { available } = await bonuses(p);
    await data(p.browser.post("bonuses/activate", { bonus_id: bySysname(available, "no-deposit").id }));
    const welcome = bySysname(available, "welcome-1");
    const e = await failure(p.browser.post("bonuses/activate", { bonus_id: welcome.id }), 409, "InvalidRequestException");
    expect(e.params).toEqual({ reason: "bonus_active" });
    expect(await balances(p)).toEqual({ main: 10_000, bonus: 1000 });
    expect((await bonuses(p)).available.map((b: { id: string }) => b.id)).toContain(welcome.id);
  });

  it("burn_active=1 swaps: the active bonus ends (its balance removed), then the new one is active", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 10_000 });
    const { available } = await bonuses(p);
    const signUp = bySysname(available, "no-deposit");
    const welcome = bySysname(available, "welcome-1");
    await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    await data(p.browser.post("bonuses/activate", { bonus_id: welcome.id, burn_active: "1" }));
    const list = await bonuses(p);
    expect(list.active.map((b: { id: string }) => b.id)).toEqual([welcome.id]);
    expect(list.history.find((b: { id: string }) => b.id === signUp.id)).toMatchObject({ status: "cancelled" });
    expect(await balances(p)).toEqual({ main: 10_000, bonus: welcome.amount.amount });
    await failure(p.browser.post("bonuses/activate", { bonus_id: welcome.id, burn_active: "yes" }), 400, "InvalidParameterException");
  });

  it("an activation with burn_active=1 that must fail burns nothing: the active bonus keeps its balance", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 10_000 });
    const { available } = await bonuses(p);
    const signUp = bySysname(available, "no-deposit");
    const welcome = bySysname(available, "welcome-1");
    await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    // The new bonus's activation window has closed.
    await playerDb(p.uid)
      .prepare("UPDATE player_bonuses SET available_until = ?2 WHERE id = ?1")
      .bind(welcome.id, Date.now() - 1)
      .run();
    await failure(p.browser.post("bonuses/activate", { bonus_id: welcome.id, burn_active: "1" }), 400, "InvalidParameterException");
    // Open again, but in another currency than the account's.
    await playerDb(p.uid)
      .prepare("UPDATE player_bonuses SET status = 'available', finished_at = NULL, available_until = ?2, currency = 'EUR' WHERE id = ?1")
      .bind(welcome.id, Date.now() + 3600_000)
      .run();
    const e = await failure(p.browser.post("bonuses/activate", { bonus_id: welcome.id, burn_active: "1" }), 400, "InvalidParameterException");
    expect(e.params).toEqual({ currency: "EUR" });
    expect((await bonuses(p)).active.map((b: { id: string }) => b.id)).toEqual([signUp.id]);
    expect(await balances(p)).toEqual({ main: 10_000, bonus: 1000 });
    expect((await events(p.uid, signUp.id)).map((e) => e.event)).toEqual(["granted", "activated"]);
  });

  it("concurrent activations of two bonuses: exactly one becomes active and is credited once", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 10_000 });
    const { available } = await bonuses(p);
    const ids = [bySysname(available, "no-deposit").id, bySysname(available, "welcome-1").id];
    const answers = await Promise.all([...ids, ...ids].map((bonus_id) => p.browser.post("bonuses/activate", { bonus_id })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const { active } = await bonuses(p);
    expect(active).toHaveLength(1);
    expect((await balances(p)).bonus).toBe(active[0].amount.amount);
    expect(await ledgerSum(p.uid, "bonus")).toBe(active[0].amount.amount);
  });

  it("exiting the active bonus removes the bonus balance and keeps real money; then another may be activated", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 10_000 });
    const { available } = await bonuses(p);
    const signUp = bySysname(available, "no-deposit");
    await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    const exited = await data(p.browser.post("bonuses/deactivate", { bonus_id: signUp.id }));
    expect(exited).toMatchObject({ status: "cancelled", finished_at: expect.any(Number) });
    expect(await balances(p)).toEqual({ main: 10_000, bonus: 0 });
    expect(await ledgerSum(p.uid, "bonus")).toBe(0);
    expect(await events(p.uid, signUp.id)).toEqual([
      { event: "granted", amount: 1000 },
      { event: "activated", amount: 1000 },
      { event: "cancelled", amount: -1000 },
    ]);
    await failure(p.browser.post("bonuses/deactivate", { bonus_id: signUp.id }), 400, "InvalidParameterException");
    await data(p.browser.post("bonuses/activate", { bonus_id: bySysname(available, "welcome-1").id }));
    expect(await balances(p)).toEqual({ main: 10_000, bonus: 10_000 });
    const { history } = await bonuses(p);
    expect(history.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([[signUp.id, "cancelled"]]);
  });

  it("declining an available bonus moves it to the history; it cannot be activated after", async () => {
    const p = await registerPlayer();
    const signUp = bySysname((await bonuses(p)).available, "no-deposit");
    expect(await data(p.browser.post("bonuses/remove", { bonus_id: signUp.id }))).toBe(1);
    const list = await bonuses(p);
    expect(list.available).toEqual([]);
    expect(list.history[0]).toMatchObject({ id: signUp.id, status: "cancelled" });
    await failure(p.browser.post("bonuses/remove", { bonus_id: signUp.id }), 400, "InvalidParameterException");
    await failure(p.browser.post("bonuses/activate", { bonus_id: signUp.id }), 400, "InvalidParameterException");
    expect((await events(p.uid, signUp.id)).map((e) => e.event)).toEqual(["granted", "removed"]);
  });

  it("a bonus not activated in time expires: shown in the history, refused on activation", async () => {
    const { p, signUp } = await lapsedSignUpBonus();
    await failure(p.browser.post("bonuses/activate", { bonus_id: signUp.id }), 400, "InvalidParameterException");
    const list = await bonuses(p);
    expect(list.available).toEqual([]);
    expect(list.history[0]).toMatchObject({ id: signUp.id, status: "expired" });
    expect((await events(p.uid, signUp.id)).map((e) => e.event)).toEqual(["granted", "expired"]);
    expect(await balances(p)).toEqual({ main: 0, bonus: 0 });
  });
});

/** A new player whose sign-up bonus's activation window closed a moment ago. */
async function lapsedSignUpBonus() {
  const p = await registerPlayer();
  const signUp = bySysname((await bonuses(p)).available, "no-deposit");
  await playerDb(p.uid)
    .prepare("UPDATE player_bonuses SET available_until = ?2 WHERE id = ?1")
    .bind(signUp.id, Date.now() - 1)
    .run();
  return { p, signUp };
}

describe("a bonus list on the day an available bonus lapses", () => {
  it("shows it expired in the history (its event recorded once), the others as they were", async () => {
    const { p, signUp } = await lapsedSignUpBonus();
    const list = await bonuses(p);
    expect(list.available.map((b: { id: string }) => b.id)).not.toContain(signUp.id);
    expect(list.history[0]).toMatchObject({ id: signUp.id, status: "expired" });
    // Listed again: nothing more to expire, nothing recorded twice.
    expect((await bonuses(p)).history[0]).toMatchObject({ id: signUp.id, status: "expired" });
    expect((await events(p.uid, signUp.id)).map((e) => e.event)).toEqual(["granted", "expired"]);
  });
});

describe("bad input", () => {
  it.each(["", "xyz", "0".repeat(31), "G".repeat(32)])("refuses bonus_id %j with a field error", async (bonus_id) => {
    const p = await registerPlayer();
    for (const m of ["activate", "deactivate", "remove"]) {
      const e = await failure(p.browser.post(`bonuses/${m}`, { bonus_id }), 400, "InvalidParameterException");
      expect(e.invalid_parameters?.bonus_id).toBeDefined();
    }
  });

  it("another player's bonus is no bonus of mine", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    const theirs = bySysname((await bonuses(b)).available, "no-deposit").id;
    await failure(a.browser.post("bonuses/activate", { bonus_id: theirs }), 400, "InvalidParameterException");
    await failure(a.browser.post("bonuses/remove", { bonus_id: theirs }), 400, "InvalidParameterException");
    expect(bySysname((await bonuses(b)).available, "no-deposit").status).toBe("available");
  });

  it("needs a session, and the verbs of the contract", async () => {
    const visitor = new Browser();
    await failure(visitor.get("bonuses/get"), 401, "AuthorizationException");
    await failure(visitor.post("bonuses/activate", { bonus_id: "0".repeat(32) }), 401, "AuthorizationException");
    const p = await registerPlayer();
    await failure(p.browser.get("bonuses/activate", { bonus_id: "0".repeat(32) }), 405, "InvalidRequestException");
  });
});
