import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { checkBooks, snapshot } from "./bonus-books";
import { depositWith, newKey, readyToWithdraw } from "./cashier-helpers";
import { data, failure, ORIGIN, send } from "./helpers";
import { playerDb } from "./player-db";

/**
 * No bonus for money already withdrawn (issue 35, decision 0059): a deposit bonus not yet activated
 * is cancelled by the withdrawal that takes its deposit out, in the withdrawal's own batch.
 */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });
const withdraw = (p: Player, amount: number, fields: Record<string, string> = {}) =>
  p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount, requisites: CARD, idempotency_key: newKey(), ...fields });
const bonusList = (p: Player) => data(p.browser.get("bonuses/get"));
const bySysname = (list: { sysname: string }[], sysname: string) => list.find((b) => b.sysname === sysname) as any;

/** A player ready to withdraw who deposited `amount` (paid on the demo page): answers the welcome bonus it earned. */
async function depositor(amount = 5000): Promise<{ p: Player; welcome: any }> {
  const p = await registerPlayer();
  await readyToWithdraw(p.uid);
  await depositWith(p, "success", { amount });
  return { p, welcome: bySysname((await bonusList(p)).available, "welcome-1") };
}

const addMain = (p: Player, delta: number) =>
  applyOperation(playerDb(p.uid), { uid: p.uid, key: `winnings-${p.uid}-${delta}`, type: "adjustment", changes: [{ kind: "main", delta }] });

describe("a deposit bonus whose deposit was withdrawn", () => {
  it("cannot be activated: deposit 50.00, withdraw it, activate → refused, and the list says why", async () => {
    const { p, welcome } = await depositor(5000);
    expect(welcome).toMatchObject({ status: "available", amount: { amount: 5000 }, deposit: { amount: 5000 } });
    await data(withdraw(p, 5000));
    const e = await failure(p.browser.post("bonuses/activate", { bonus_id: welcome.id }), 400, "InvalidParameterException");
    expect(e.message).toMatch(/deposit it was granted for has been withdrawn/);
    expect(e.params).toEqual({ reason: "deposit_withdrawn" });
    expect(await snapshot(p.uid)).toMatchObject({ main: 0, bonus: 0 });
    const list = await bonusList(p);
    expect(list.active).toEqual([]);
    expect(list.available.map((b: { sysname: string }) => b.sysname).sort()).toEqual(["no-deposit"]);
    expect(bySysname(list.history, "welcome-1")).toMatchObject({ id: welcome.id, status: "cancelled", end_reason: "deposit_withdrawn" });
    // The bonuses page says why in its history.
    const page = await (await send(`${ORIGIN}/profile/bonuses`, { headers: p.browser.headers() })).text();
    const line = new RegExp(`<li data-bonus="${welcome.id}"[^>]*>(.*?)</li>`, "s").exec(page)?.[1];
    expect(line?.replace(/<[^>]+>/g, "")).toContain("cancelled: the deposit it was for was withdrawn");
    // The sign-up bonus was granted for no deposit: it stays, and activates.
    await data(p.browser.post("bonuses/activate", { bonus_id: bySysname(list.available, "no-deposit").id }));
    await checkBooks(p.uid);
  });

  it("a partial withdrawal that leaves less than the deposit cancels it; one that leaves the deposit keeps it", async () => {
    const partial = await depositor(5000);
    await data(withdraw(partial.p, 3000));
    expect(bySysname((await bonusList(partial.p)).history, "welcome-1")).toMatchObject({ status: "cancelled", end_reason: "deposit_withdrawn" });

    // Winnings above the deposit are the player's to take: 50.00 deposited, 150.00 held, 100.00 out.
    const winner = await depositor(5000);
    await addMain(winner.p, 10_000);
    await data(withdraw(winner.p, 10_000));
    expect(bySysname((await bonusList(winner.p)).available, "welcome-1")).toMatchObject({ id: winner.welcome.id, status: "available" });
    await data(winner.p.browser.post("bonuses/activate", { bonus_id: winner.welcome.id }));
    expect(await snapshot(winner.p.uid)).toMatchObject({ main: 5000, bonus: 5000 });
    await checkBooks(winner.p.uid);
  });

  it("two deposits, one withdrawn: the balance left covers the older deposit's bonus, not the newer one's", async () => {
    const { p, welcome } = await depositor(5000);
    await depositWith(p, "success", { amount: 4000 });
    const second = bySysname((await bonusList(p)).available, "welcome-2");
    // 90.00 held, 40.00 out: 50.00 left covers the first deposit (50.00) and not the second too.
    await data(withdraw(p, 4000));
    const list = await bonusList(p);
    expect(bySysname(list.available, "welcome-1")).toMatchObject({ id: welcome.id });
    expect(bySysname(list.history, "welcome-2")).toMatchObject({ id: second.id, status: "cancelled", end_reason: "deposit_withdrawn" });
  });

  it("a withdrawal refused (for funds) cancels nothing, and a cancelled withdrawal does not bring the bonus back", async () => {
    const { p, welcome } = await depositor(5000);
    await failure(withdraw(p, 6000), 402, "BillingTransactionDeclinedException");
    expect(bySysname((await bonusList(p)).available, "welcome-1")).toMatchObject({ id: welcome.id });

    const tx = await data(withdraw(p, 5000));
    await data(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }));
    expect(await snapshot(p.uid)).toMatchObject({ main: 5000, bonus: 0 });
    const list = await bonusList(p);
    expect(bySysname(list.available, "welcome-1")).toBeUndefined();
    expect(bySysname(list.history, "welcome-1")).toMatchObject({ status: "cancelled", end_reason: "deposit_withdrawn" });
    await failure(p.browser.post("bonuses/activate", { bonus_id: welcome.id }), 400, "InvalidParameterException");
    await checkBooks(p.uid);
  });
});

describe("activating a deposit bonus while withdrawing its deposit, at once", () => {
  it("20 requests: never an active bonus beside a withdrawal of the money it was granted for", async () => {
    for (let n = 0; n < 8; n++) {
      const { p, welcome } = await depositor(5000);
      // Ten activations and ten withdrawals of the whole deposit, interleaved; every other round the
      // withdrawals go first, and in half the rounds they agree to burn an active bonus.
      const burn: Record<string, string> = n % 4 >= 2 ? { burn_bonuses: "1" } : {};
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => ((i + n) % 2 ? withdraw(p, 5000, burn) : p.browser.post("bonuses/activate", { bonus_id: welcome.id }))),
      );
      for (const a of answers) expect([200, 400, 402, 409], await a.clone().text()).toContain(a.status);
      const withdrawn = await playerDb(p.uid)
        .prepare("SELECT COUNT(*) AS n FROM cashier_transactions WHERE uid = ?1 AND type = 'withdrawal' AND status = 'pending'")
        .bind(p.uid)
        .first<number>("n");
      const bonus = await playerDb(p.uid)
        .prepare("SELECT status, end_reason FROM player_bonuses WHERE id = ?1")
        .bind(welcome.id)
        .first<{ status: string; end_reason: string | null }>();
      const { main, bonus: bonusBalance } = await snapshot(p.uid);
      if (withdrawn) {
        // The money left: the bonus never stays active — cancelled unactivated, or activated and burnt with its balance.
        expect([withdrawn, main, bonusBalance]).toEqual([1, 0, 0]);
        expect(bonus!.status).toBe("cancelled");
      } else {
        // The activation won: the withdrawals were refused (the burn not agreed, or agreed to a bonus the request had not seen).
        expect([bonus!.status, main, bonusBalance]).toEqual(["active", 5000, 5000]);
      }
      await checkBooks(p.uid);
    }
  });
});
