import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { assertDepositAllowed } from "../../workers/platform/responsible/deposit-guard";
import { PlatformError } from "../../core/api/errors";
import { registerPlayer } from "./auth-helpers";
import { data, failure, get, post } from "./helpers";
import { ageLimit, insertDeposit } from "./responsible-helpers";
import { playerDb } from "./player-db";

const DAY = 86_400_000;

describe("account.getDepositLimit / setDepositLimit", () => {
  it("has no limit by default", async () => {
    const p = await registerPlayer();
    expect(await data(p.browser.get("account/getDepositLimit"))).toEqual({
      period: "none",
      limit_amount: null,
      available_amount: null,
      expired_at: null,
      can_edit: true,
      pending: null,
    });
  });

  it("applies a first limit at once, with the window ending a period later", async () => {
    const p = await registerPlayer();
    const before = Date.now();
    const limit = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 50_000 }));
    expect(limit).toMatchObject({
      period: "7",
      limit_amount: { amount: 50_000, currency: "USD" },
      available_amount: { amount: 50_000, currency: "USD" },
      pending: null,
    });
    expect(limit.expired_at).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(limit.expired_at).toBeLessThanOrEqual(Date.now() + 7 * DAY);
    expect(await data(p.browser.get("account/getDepositLimit"))).toEqual(limit);
  });

  it("counts new, pending and successful deposits of the current window, never below 0", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "1", amount: 10_000 }));
    await insertDeposit(p.uid, 3_000);
    await insertDeposit(p.uid, 2_000, { status: "pending" });
    await insertDeposit(p.uid, 4_000, { status: "fail" });
    expect((await data(p.browser.get("account/getDepositLimit"))).available_amount.amount).toBe(5_000);
    await insertDeposit(p.uid, 9_000);
    expect((await data(p.browser.get("account/getDepositLimit"))).available_amount.amount).toBe(0);
  });

  it("starts a fresh window once the period has passed", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "1", amount: 10_000 }));
    // A deposit early in the first window, then a day gone by (times moved back together).
    await insertDeposit(p.uid, 6_000, { at: Date.now() - DAY - 900 });
    await ageLimit(p.uid, DAY + 1000);
    const limit = await data(p.browser.get("account/getDepositLimit"));
    expect(limit.available_amount.amount).toBe(10_000);
    expect(limit.expired_at).toBeGreaterThan(Date.now());
    expect(limit.expired_at).toBeLessThanOrEqual(Date.now() + DAY);
  });

  it("lowers at once and keeps counting the window's deposits; a longer period is stricter too", async () => {
    const p = await registerPlayer();
    const first = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 50_000 }));
    await insertDeposit(p.uid, 10_000);
    const lower = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 20_000 }));
    expect(lower).toMatchObject({ limit_amount: { amount: 20_000 }, available_amount: { amount: 10_000 }, pending: null });
    expect(lower.expired_at).toBe(first.expired_at);
    const longer = await data(p.browser.post("account/setDepositLimit", { period: "30", amount: 20_000 }));
    expect(longer).toMatchObject({ period: "30", available_amount: { amount: 10_000 }, pending: null });
    expect(longer.expired_at).toBe(first.expired_at - 7 * DAY + 30 * DAY);
  });

  it("holds a raise for 24 hours, then applies it on the next read", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 10_000 }));
    const before = Date.now();
    const raised = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 90_000 }));
    expect(raised.limit_amount.amount).toBe(10_000);
    expect(raised.pending).toMatchObject({ period: "7", limit_amount: { amount: 90_000, currency: "USD" } });
    expect(raised.pending.effective_at).toBeGreaterThanOrEqual(before + DAY);
    await expect(assertDepositAllowed(playerDb(p.uid), p.uid, 20_000)).rejects.toMatchObject({ type: "BillingDepositLimitExceededException" });
    await ageLimit(p.uid, DAY + 1000);
    const applied = await data(p.browser.get("account/getDepositLimit"));
    expect(applied).toMatchObject({ period: "7", limit_amount: { amount: 90_000 }, pending: null });
    await assertDepositAllowed(playerDb(p.uid), p.uid, 20_000);
  });

  it("holds a removal and a shorter period like a raise; a lower setting replaces a pending raise", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "30", amount: 10_000 }));
    const removal = await data(p.browser.post("account/setDepositLimit", { period: "none" }));
    expect(removal).toMatchObject({ period: "30", pending: { period: "none", limit_amount: null } });
    const shorter = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 10_000 }));
    expect(shorter.pending).toMatchObject({ period: "7", limit_amount: { amount: 10_000 } });
    const lower = await data(p.browser.post("account/setDepositLimit", { period: "30", amount: 5_000 }));
    expect(lower).toMatchObject({ period: "30", limit_amount: { amount: 5_000 }, pending: null });
  });

  it("applies a removal after the cooling-off", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "1", amount: 10_000 }));
    await data(p.browser.post("account/setDepositLimit", { period: "none" }));
    await ageLimit(p.uid, DAY + 1000);
    expect(await data(p.browser.get("account/getDepositLimit"))).toMatchObject({ period: "none", limit_amount: null, pending: null });
    await assertDepositAllowed(playerDb(p.uid), p.uid, 10_000_000);
  });

  it("keeps the time of a raise asked for twice", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 1_000 }));
    const a = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 2_000 }));
    const b = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 2_000 }));
    expect(b.pending.effective_at).toBe(a.pending.effective_at);
  });
});

describe("assertDepositAllowed", () => {
  it("refuses a deposit past the limit with what is left and until when", async () => {
    const p = await registerPlayer();
    const limit = await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 10_000 }));
    await insertDeposit(p.uid, 7_550);
    await assertDepositAllowed(playerDb(p.uid), p.uid, 2_450);
    const e = await assertDepositAllowed(playerDb(p.uid), p.uid, 2_451).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlatformError);
    const err = e as PlatformError;
    expect(err.type).toBe("BillingDepositLimitExceededException");
    expect(err.status).toBeGreaterThanOrEqual(400);
    expect(err.status).toBeLessThan(500);
    expect(err.params).toEqual({ available_amount: 2_450, currency: "USD", expired_at: limit.expired_at, limit: "player" });
    expect(err.message).toMatch(/^This deposit would exceed your deposit limit\. You can deposit up to \$24\.50 until \d\d\.\d\d\.\d{4}\.$/);
  });

  it("lets anything through without a limit", async () => {
    const p = await registerPlayer();
    await assertDepositAllowed(playerDb(p.uid), p.uid, 1e12);
  });
});

describe("deposit-limit bad input", () => {
  it("answers 401 to visitors", async () => {
    await failure(get("account/getDepositLimit"), 401, "AuthorizationException");
    await failure(post("account/setDepositLimit", { period: "7", amount: 100 }), 401, "AuthorizationException");
  });

  it("answers 405 to the wrong verb", async () => {
    const p = await registerPlayer();
    await failure(p.browser.post("account/getDepositLimit"), 405, "InvalidRequestException");
    await failure(p.browser.get("account/setDepositLimit", { period: "7", amount: 100 }), 405, "InvalidRequestException");
  });

  it.each([
    [{}, ["period"]],
    [{ period: "3", amount: 100 }, ["period"]],
    [{ period: "7" }, ["amount"]],
    [{ period: "7", amount: "" }, ["amount"]],
    [{ period: "7", amount: "ten" }, ["amount"]],
    [{ period: "7", amount: 0 }, ["amount"]],
    [{ period: "7", amount: -5 }, ["amount"]],
    [{ period: "7", amount: 10.5 }, ["amount"]],
    [{ period: "7", amount: 1e14 }, ["amount"]],
  ])("refuses %j with 400 on those fields", async (fields, keys) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/setDepositLimit", fields), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {}).sort()).toEqual(keys);
  });
});

describe("deposit limit under concurrent deposits", () => {
  it("never lets deposits started at the same instant pass the limit together", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "1", amount: 10_000 }));
    // Ten deposits of 60.00 at once against a 100.00 limit: at most one may stand.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 6_000, idempotency_key: `limit-race-${i}-${p.uid}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    // First come, first served: the earliest deposit fits and stands.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((r) => r.status === 409)) {
      expect(((await r.json()) as { error: { type: string } }).error.type).toBe("BillingDepositLimitExceededException");
    }
    const open = await playerDb(p.uid)
      .prepare(
        "SELECT COALESCE(SUM(amount), 0) AS total, COUNT(*) AS n FROM cashier_transactions WHERE uid = ?1 AND type = 'deposit' AND status IN ('new', 'pending', 'success')",
      )
      .bind(p.uid)
      .first<{ total: number; n: number }>();
    expect(open!.total).toBeLessThanOrEqual(10_000);
    expect(open!.n).toBe(statuses.filter((s) => s === 200).length);
  });
});
