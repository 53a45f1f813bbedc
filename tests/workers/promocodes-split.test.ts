import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { INBOX_GRACE_MS, sweepInbox } from "../../workers/platform/player/inbox";
import { promoCodeReservation } from "../../workers/platform/promocodes/redeem";
import { registerPlayer, uniqueName, type Player } from "./auth-helpers";
import { choose, startDeposit } from "./cashier-helpers";
import { data } from "./helpers";
import { playerDb } from "./player-db";

/**
 * Decision 0075's promo split: a code's use is reserved in D1 (promo_redemptions, counting uses
 * across players) with the grant it owes the player's tables (a `grants.promo` inbox row) in the
 * same batch; the grant is delivered right after, or by the minute cron when the Worker died
 * between. The total limit stays exact, and a reserved use always gets its grant, once.
 */

/**
 * The minute cron's inbox step at `scheduledTime` (player-inbox.test.ts runs it through the whole
 * `scheduled()`; here alone, so the other clocks' own splits do not enter these tests).
 */
async function tick(scheduledTime: number): Promise<void> {
  await sweepInbox(env, scheduledTime);
}

const redemptions = async (code: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM promo_redemptions WHERE code = ?1").bind(code).first<number>("n")) ?? 0;
const owed = (uid: number) =>
  env.DB.prepare("SELECT key, kind, attempts, error FROM player_inbox WHERE uid = ?1").bind(uid).all<{ key: string; attempts: number; error: string | null }>();

/** What the player holds under the code's grant key: bonuses (with their `granted` events) and packs. */
async function granted(uid: number, code: string) {
  const db = playerDb(uid);
  const bonuses = await db
    .prepare("SELECT id, amount, deposit_amount, deposit_id, wager_required FROM player_bonuses WHERE uid = ?1 AND grant_key = 'promo:' || ?2")
    .bind(uid, code)
    .all();
  const events = await db
    .prepare("SELECT COUNT(*) AS n FROM bonus_events e JOIN player_bonuses b ON b.id = e.bonus_id WHERE b.uid = ?1 AND b.grant_key = 'promo:' || ?2")
    .bind(uid, code)
    .first<number>("n");
  const packs = await db.prepare("SELECT id, sysname, count FROM freespin_packs WHERE uid = ?1 AND grant_key = 'promo:' || ?2").bind(uid, code).all();
  return { bonuses: bonuses.results, events, packs: packs.results };
}

/** A code of its own for a test: grants the WELCOME50 bonus template, with at most `max_uses` uses. */
async function makeCode(max_uses: number | null = null): Promise<string> {
  const code = uniqueName("S").toUpperCase();
  await env.DB.prepare("INSERT INTO promo_codes (code, bonus_template_id, max_uses) SELECT ?1, id, ?2 FROM bonus_templates WHERE sysname = 'promo-welcome50'")
    .bind(code, max_uses)
    .run();
  return code;
}

describe("a reserved use whose Worker died before the grant", () => {
  it("is owed in D1, and the cron grants it once after the Worker's grace; a second delivery changes nothing", async () => {
    const p = await registerPlayer();
    const code = await makeCode();
    const now = Date.now();
    // What activateOffer's D1 batch leaves when the Worker dies right after it.
    const [reserved] = await env.DB.batch(promoCodeReservation(env.DB, { uid: p.uid }, code, now));
    expect(reserved!.meta.changes).toBe(1);
    expect(await redemptions(code)).toBe(1);
    expect((await owed(p.uid)).results).toMatchObject([{ key: `promo:${code}:uid:${p.uid}`, kind: "grants.promo", attempts: 0 }]);
    expect((await granted(p.uid, code)).bonuses).toEqual([]);

    await tick(now + INBOX_GRACE_MS - 1);
    expect((await owed(p.uid)).results).toHaveLength(1);
    await tick(now + INBOX_GRACE_MS);
    const got = await granted(p.uid, code);
    expect(got.bonuses).toMatchObject([{ amount: 5000, deposit_amount: 0, deposit_id: null }]);
    expect(got.events).toBe(1);
    expect((await owed(p.uid)).results).toEqual([]);

    // Delivered again (a delivery that died before deleting its row): nothing more.
    const template = await env.DB.prepare("SELECT bonus_template_id FROM promo_codes WHERE code = ?1").bind(code).first<number>("bonus_template_id");
    const body = JSON.stringify({ code, now, deposit_id: null, bonus_template_id: template, freespin_template_id: null });
    await env.DB.prepare("INSERT INTO player_inbox (uid, key, kind, body, created_at, next_at) VALUES (?1, 'again', 'grants.promo', ?2, ?3, ?3)")
      .bind(p.uid, body, now)
      .run();
    await tick(now + INBOX_GRACE_MS + 1);
    expect((await owed(p.uid)).results).toEqual([]);
    expect(await granted(p.uid, code)).toEqual(got);
    expect(await redemptions(code)).toBe(1);

    // The player sees it as a code used: a second activation is USED, and grants nothing.
    const again = await p.browser.post("campaigns/activateOffer", { promo_code: code });
    expect(again.status).toBe(400);
    expect(await granted(p.uid, code)).toEqual(got);
  });

  it("a free-spin code's pack is granted by the cron too, its game brought as a fact", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    await env.DB.batch(promoCodeReservation(env.DB, { uid: p.uid }, "SPINS20", now));
    await tick(now + INBOX_GRACE_MS);
    expect((await granted(p.uid, "SPINS20")).packs).toMatchObject([{ count: 20 }]);
    expect((await owed(p.uid)).results).toEqual([]);
  });

  it("a registration's code is reserved with the account and granted right after: nothing stays owed", async () => {
    const p = await registerPlayer({ promo_code: "welcome50" });
    expect((await granted(p.uid, "WELCOME50")).bonuses).toHaveLength(1);
    expect((await owed(p.uid)).results).toEqual([]);
  });

  it("nothing is owed when the use is not reserved (the last use taken meanwhile)", async () => {
    const [a, b] = await Promise.all([registerPlayer(), registerPlayer()]);
    const code = await makeCode(1);
    const now = Date.now();
    await env.DB.batch(promoCodeReservation(env.DB, { uid: a.uid }, code, now));
    const [late] = await env.DB.batch(promoCodeReservation(env.DB, { uid: b.uid }, code, now));
    expect(late!.meta.changes).toBe(0);
    expect((await owed(b.uid)).results).toEqual([]);
    expect(await redemptions(code)).toBe(1);
  });
});

describe("a deposit's promo code", () => {
  /** A deposit started with RELOAD25 (still `new`): its page's redirect and id. */
  async function startedWithCode(p: Player, amount = 8000) {
    const started = await startDeposit(p, { amount, promo_code: "RELOAD25" });
    return { id: started.transaction_id, redirect: started.redirect_url, amount };
  }

  it("a use reserved before a settlement that never ran waits for the deposit, then is granted on it", async () => {
    const p = await registerPlayer();
    const d = await startedWithCode(p);
    const now = Date.now();
    // The Worker reserved the use (the payment system said success) and died before the settlement.
    await env.DB.batch(promoCodeReservation(env.DB, { uid: p.uid }, "RELOAD25", now, { id: d.id, amount: d.amount, currency: "USD" }));
    await tick(now + INBOX_GRACE_MS);
    const [waiting] = (await owed(p.uid)).results;
    expect(waiting).toMatchObject({ attempts: 1 });
    expect(waiting!.error).toMatch(/not settled yet/);
    expect((await granted(p.uid, "RELOAD25")).bonuses).toEqual([]);

    // The settlement then runs: the use is already reserved, and its grant is delivered after it.
    expect((await choose(p, d.redirect, "success")).status).toBe(303);
    expect((await granted(p.uid, "RELOAD25")).bonuses).toMatchObject([{ amount: 2000, deposit_amount: 8000, deposit_id: d.id }]);
    expect((await owed(p.uid)).results).toEqual([]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM promo_redemptions WHERE uid = ?1").bind(p.uid).first("n")).toBe(1);
  });

  it("a use reserved for a deposit that then fails is given back, and grants nothing", async () => {
    const p = await registerPlayer();
    const d = await startedWithCode(p);
    const now = Date.now();
    await env.DB.batch(promoCodeReservation(env.DB, { uid: p.uid }, "RELOAD25", now, { id: d.id, amount: d.amount, currency: "USD" }));
    expect((await choose(p, d.redirect, "fail")).status).toBe(303);
    await tick(now + INBOX_GRACE_MS);
    expect((await owed(p.uid)).results).toEqual([]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM promo_redemptions WHERE uid = ?1").bind(p.uid).first("n")).toBe(0);
    expect((await granted(p.uid, "RELOAD25")).bonuses).toEqual([]);
  });
});

describe("the total limit under concurrent redemptions", () => {
  it("3 uses among 4 activations and 4 deposit settlements at once: exactly 3 reserved, 3 granted, nothing owed", async () => {
    const code = await makeCode(3);
    const players = await Promise.all(Array.from({ length: 8 }, () => registerPlayer()));
    const depositors = players.slice(4);
    const started = await Promise.all(depositors.map((p) => startDeposit(p, { amount: 5000, promo_code: code })));
    const outcomes = await Promise.all([
      ...players.slice(0, 4).map((p) => p.browser.post("campaigns/activateOffer", { promo_code: code }).then((r) => r.status)),
      ...depositors.map((p, i) => choose(p, started[i]!.redirect_url, "success").then((r) => r.status)),
    ]);
    // Every deposit settles; the activations beyond the limit are refused.
    expect(outcomes.slice(4)).toEqual([303, 303, 303, 303]);
    expect(outcomes.slice(0, 4).every((s) => s === 200 || s === 400)).toBe(true);
    expect(await redemptions(code)).toBe(3);
    const grants = await Promise.all(players.map(async (p) => (await granted(p.uid, code)).bonuses.length));
    expect(grants.reduce((a, b) => a + b, 0)).toBe(3);
    const { results: used } = await env.DB.prepare("SELECT uid FROM promo_redemptions WHERE code = ?1").bind(code).all<{ uid: number }>();
    expect(new Set(used.map((u) => u.uid))).toEqual(new Set(players.filter((_, i) => grants[i] === 1).map((p) => p.uid)));
    for (const p of players) expect((await owed(p.uid)).results).toEqual([]);
    const balances = await Promise.all(depositors.map(async (p) => (await data(p.browser.get("account/getBalance"))).balance_main.amount));
    expect(balances).toEqual([5000, 5000, 5000, 5000]);
  });
});
