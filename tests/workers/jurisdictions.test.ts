import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { JURISDICTIONS, type JurisdictionId, PROFILES } from "../../core/jurisdictions";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { Browser, registerPlayer, type Player } from "./auth-helpers";
import { mainBalance, newKey, readyToWithdraw } from "./cashier-helpers";
import { data, failure, get } from "./helpers";
import { COUNTRY, setSiteJurisdiction } from "./jurisdiction-helpers";
import { playerDb } from "./player-db";
import { ageLimit, insertDeposit } from "./responsible-helpers";

/**
 * Jurisdiction profiles (issue 40, decision 0082): a player's market is their country's profile,
 * else the site's; the platform enforces its rules. One test per rule per profile.
 */

const HOUR = 3_600_000;
const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });
afterEach(() => setSiteJurisdiction(null));

/** A registered player from the profile's market (their country set as registration would). */
async function playerOf(id: JurisdictionId): Promise<Player> {
  const p = await registerPlayer();
  await env.DB.prepare("UPDATE users SET country_code = ?2 WHERE uid = ?1").bind(p.uid, COUNTRY[id]).run();
  return p;
}

describe("a player's market", () => {
  it("is their country's profile, told by account.getInfo", async () => {
    for (const id of JURISDICTIONS) {
      const p = await playerOf(id);
      expect((await data(p.browser.get("account/getInfo"))).jurisdiction).toBe(id);
    }
  });

  it("is the site's profile for a country without one, and for a visitor", async () => {
    const p = await playerOf("international");
    await setSiteJurisdiction("uk");
    expect((await data(p.browser.get("account/getInfo"))).jurisdiction).toBe("uk");
    expect((await data(get("account/getInfo"))).jurisdiction).toBe("uk");
    // A Swedish player stays under Swedish rules on a UK site.
    expect((await data((await playerOf("se")).browser.get("account/getInfo"))).jurisdiction).toBe("se");
  });

  it("falls back to international when the site names no known profile", async () => {
    await setSiteJurisdiction("atlantis");
    expect((await data(get("account/getInfo"))).jurisdiction).toBe("international");
  });
});

describe("cancelling a requested withdrawal", () => {
  async function pendingWithdrawal(id: JurisdictionId) {
    const p = await playerOf(id);
    await readyToWithdraw(p.uid);
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 20_000 }] });
    const tx = await data(p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount: 5000, requisites: CARD, idempotency_key: newKey() }));
    return { p, tx };
  }

  for (const id of JURISDICTIONS) {
    const cancellable = PROFILES[id].withdrawals.cancellable;
    it(`${id}: ${cancellable ? "refunds the withdrawal" : "is refused, the withdrawal and the balance untouched, and no Cancel is offered"}`, async () => {
      const { p, tx } = await pendingWithdrawal(id);
      expect(tx.can_cancel).toBe(cancellable);
      const settings = await data(p.browser.get("cashier/getwithdrawsettings"));
      expect(settings.pending.map((t: { can_cancel: boolean }) => t.can_cancel)).toEqual([cancellable]);
      const history = await data(p.browser.get("cashier/gethistory", { type: "withdrawal" }));
      expect(history.items[0]).toMatchObject({ id: tx.id, can_cancel: cancellable });
      if (cancellable) {
        expect(await data(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }))).toMatchObject({ status: "cancel" });
        expect(await mainBalance(p)).toBe(20_000);
      } else {
        const refused = await failure(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }), 402, "WithdrawalDeclinedException");
        expect(refused.message).toContain(PROFILES[id].regulator);
        expect((await data(p.browser.get("cashier/gethistory", { type: "withdrawal" }))).items[0]).toMatchObject({ id: tx.id, status: "pending" });
        expect(await mainBalance(p)).toBe(15_000);
      }
    });
  }
});

describe("raising a deposit limit", () => {
  for (const id of JURISDICTIONS) {
    const { raiseWaitMs, raiseAfterPeriod } = PROFILES[id].depositLimits;
    it(`${id}: waits ${raiseWaitMs / HOUR} hours${raiseAfterPeriod ? " and the end of the running period" : ""}`, async () => {
      const p = await playerOf(id);
      await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 10_000 }));
      // A day into the week's window.
      await ageLimit(p.uid, 24 * HOUR);
      const before = Date.now();
      const raised = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 50_000 }));
      const after = Date.now();
      expect(raised.limit_amount.amount).toBe(10_000);
      const periodEnd = raised.expired_at;
      const low = raiseAfterPeriod ? Math.max(before + raiseWaitMs, periodEnd) : before + raiseWaitMs;
      const high = raiseAfterPeriod ? Math.max(after + raiseWaitMs, periodEnd) : after + raiseWaitMs;
      expect(raised.pending.effective_at).toBeGreaterThanOrEqual(low);
      expect(raised.pending.effective_at).toBeLessThanOrEqual(high);
      // A stricter limit still applies at once.
      expect((await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 5_000 }))).limit_amount.amount).toBe(5_000);
    });
  }
});

describe("the reality check's interval", () => {
  for (const id of JURISDICTIONS) {
    const max = PROFILES[id].realityCheck.maxMinutes;
    it(`${id}: ${max === null ? "the player's choice, off included" : `at least every ${max} minutes, never off`}`, async () => {
      const p = await playerOf(id);
      const minutes = async () => (await data(p.browser.get("account/getResponsibleGaming"))).reality_check_minutes;
      // Nothing chosen yet: off, or the market's longest interval.
      expect(await minutes()).toBe(max ?? 0);
      expect(await data(p.browser.post("account/setRealityCheck", { minutes: 15 }))).toBe(1);
      expect(await minutes()).toBe(15);
      for (const asked of [0, 60]) {
        if (max === null) {
          expect(await data(p.browser.post("account/setRealityCheck", { minutes: asked }))).toBe(1);
          expect(await minutes()).toBe(asked);
        } else {
          const refused = await failure(p.browser.post("account/setRealityCheck", { minutes: asked }), 400, "InvalidParameterException");
          expect(refused.invalid_parameters?.minutes?.[0]).toContain(String(max));
          expect(await minutes()).toBe(15);
        }
      }
    });
  }
});

describe("the panic button (account.takeBreak)", () => {
  for (const id of JURISDICTIONS) {
    const offered = PROFILES[id].exclusion.panicButton;
    it(`${id}: ${offered ? "a 24-hour break in one call, signed out, sign-in refused until it ends" : "is not offered: refused, the player still signed in"}`, async () => {
      const p = await playerOf(id);
      if (!offered) {
        await failure(p.browser.post("account/takeBreak"), 400, "InvalidRequestException");
        expect((await data(p.browser.get("account/getInfo"))).uid).toBe(p.uid);
        return;
      }
      const before = Date.now();
      const { until } = await data(p.browser.post("account/takeBreak"));
      expect(until).toBeGreaterThanOrEqual(before + 24 * HOUR);
      expect(until).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
      // The session is gone, and signing in again is refused while the break runs.
      expect((await data(p.browser.get("account/getInfo"))).uid).toBe(0);
      const refused = await failure(new Browser().post("auth/login", { login: p.login, password: p.password }), 403, "AccessDeniedException");
      expect(refused.params).toMatchObject({ until, self_excluded: true });
    });
  }
});

describe("a deposit limit before the first deposit", () => {
  for (const id of JURISDICTIONS) {
    const { requiredBeforeDeposit: required, promptBeforeDeposit: prompt } = PROFILES[id].depositLimits;
    const what = required
      ? "a deposit without a limit is refused, nothing recorded; with one it goes"
      : prompt
        ? "the first deposit waits for an answer to the offer of a limit"
        : "not asked for";
    it(`${id}: ${what}`, async () => {
      const p = await playerOf(id);
      const deposit = () => p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: newKey() });
      const asked = async () => (await data(p.browser.get("cashier/getdepositinfo"))).limit_prompt;
      expect(await asked()).toBe(prompt);
      if (required) {
        const refused = await failure(deposit(), 409, "BillingDepositLimitExceededException");
        expect(refused.params).toMatchObject({ limit_required: true });
        expect((await data(p.browser.get("cashier/gethistory"))).count).toBe(0);
        await data(p.browser.post("account/setDepositLimit", { period: "30", amount: 100_000 }));
      }
      if (prompt) {
        const refused = await failure(deposit(), 409, "BillingDepositLimitExceededException");
        expect(refused.params).toEqual({ limit_prompt: true });
        expect((await data(p.browser.get("cashier/gethistory"))).count).toBe(0);
        // "Not now" is an answer, recorded once; asking again changes nothing.
        expect(await data(p.browser.post("account/declineLimitPrompt"))).toBe(1);
        expect(await data(p.browser.post("account/declineLimitPrompt"))).toBe(1);
        expect(await asked()).toBe(false);
      }
      expect((await data(deposit())).status).toBeDefined();
      expect(await asked()).toBe(false);
    });
  }

  it("uk: a limit set is the other answer, and a player who has deposited before is not asked", async () => {
    const p = await playerOf("uk");
    await data(p.browser.post("account/setLimit", { kind: "deposit", period: "week", amount: 20_000 }));
    expect((await data(p.browser.get("cashier/getdepositinfo"))).limit_prompt).toBe(false);
    expect((await data(p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: newKey() }))).status).toBeDefined();

    const earlier = await playerOf("uk");
    await insertDeposit(earlier.uid, 1000);
    expect((await data(earlier.browser.get("cashier/getdepositinfo"))).limit_prompt).toBe(false);
    await failure(new Browser().post("account/declineLimitPrompt"), 401, "AuthorizationException");
  });
});
