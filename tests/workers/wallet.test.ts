import { playerDb } from "./player-db";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer } from "./auth-helpers";
import { apiUrl, data, failure, get, ORIGIN, post, send } from "./helpers";
import { ledgerSum, operationCount } from "./wallet-helpers";

/** account.getBalance, account.getcurrencyrates, account.setCurrency through the whole Worker. */

const money = (amount: number, currency: string) => ({ amount, currency });

describe("account.getBalance", () => {
  it("answers the four balances in the player's currency, the fun one granted", async () => {
    const p = await registerPlayer({ currency: "EUR" });
    expect(await data(p.browser.get("account/getBalance"))).toEqual({
      balance_main: money(0, "EUR"),
      balance_bonus: money(0, "EUR"),
      balance_betting_bonus: money(0, "EUR"),
      balance_fun: money(100_000, "EUR"),
    });
  });

  it("shows what the wallet holds, in getInfo too", async () => {
    const p = await registerPlayer();
    await applyOperation(playerDb(p.uid), {
      uid: p.uid,
      key: "deposit-1234",
      type: "deposit",
      changes: [
        { kind: "main", delta: 12_345 },
        { kind: "betting_bonus", delta: 500 },
      ],
    });
    const balance = await data(p.browser.get("account/getBalance"));
    expect(balance.balance_main).toEqual(money(12_345, "USD"));
    expect(balance.balance_betting_bonus).toEqual(money(500, "USD"));
    const info = await data(p.browser.get("account/getInfo"));
    expect(info).toMatchObject(balance);
  });

  it("grants the fun balance once, however many reads follow at once", async () => {
    // Signing in already reads the balances (the first read, racing, is wallet-core.test.ts's).
    const p = await registerPlayer();
    const reads = await Promise.all(Array.from({ length: 20 }, () => data(p.browser.get("account/getBalance"))));
    for (const r of reads) expect(r.balance_fun).toEqual(money(100_000, "USD"));
    expect(await ledgerSum(p.uid, "fun")).toBe(100_000);
    expect(await operationCount(p.uid)).toBe(1);
  });

  it("answers 401 to a visitor and 405 to a POST", async () => {
    await failure(get("account/getBalance"), 401, "AuthorizationException");
    const p = await registerPlayer();
    await failure(p.browser.post("account/getBalance"), 405, "InvalidRequestException");
  });

  it("answers the visitor's getInfo with zero balances still", async () => {
    const info = await data(get("account/getInfo"));
    expect(info.balance_fun).toEqual(money(0, "USD"));
  });
});

describe("account.getcurrencyrates", () => {
  it("answers the site currencies per one unit of the default currency", async () => {
    const rates = await data(get("account/getcurrencyrates"));
    expect(rates).toEqual({ base: "USD", rates: { USD: 1, EUR: 0.92, BRL: 5.4 }, updated_at: expect.any(Number) });
    expect(rates.updated_at).toBeGreaterThan(1_700_000_000_000);
  });

  it("is public, case-insensitive in its name, and GET only", async () => {
    const p = await registerPlayer();
    expect((await data(p.browser.get("account/getCurrencyRates"))).base).toBe("USD");
    await failure(post("account/getcurrencyrates"), 405, "InvalidRequestException");
  });
});

describe("account.setCurrency", () => {
  it("changes the currency of the player and of every balance, and answers 1", async () => {
    const p = await registerPlayer({ currency: "USD" });
    expect(await data(p.browser.post("account/setCurrency", { currency: "brl" }))).toBe(1);
    const balance = await data(p.browser.get("account/getBalance"));
    expect(balance.balance_main).toEqual(money(0, "BRL"));
    expect(balance.balance_fun).toEqual(money(100_000, "BRL"));
    expect((await data(p.browser.get("account/getInfo"))).balance_bonus.currency).toBe("BRL");
    // Fun play does not count as real money; the same currency again is fine.
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: "fun-bet-0001", type: "bet", changes: [{ kind: "fun", delta: -100 }] });
    expect(await data(p.browser.post("account/setCurrency", { currency: "EUR" }))).toBe(1);
    expect(await data(p.browser.post("account/setCurrency", { currency: "EUR" }))).toBe(1);
    expect((await data(p.browser.get("account/getBalance"))).balance_fun).toEqual(money(99_900, "EUR"));
  });

  it("refuses once real money has moved, even when the balance is back to zero", async () => {
    const p = await registerPlayer();
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: "deposit-0001", type: "deposit", changes: [{ kind: "main", delta: 100 }] });
    const held = await failure(p.browser.post("account/setCurrency", { currency: "EUR" }), 400, "InvalidParameterException");
    expect(held.invalid_parameters).toEqual({ currency: ["The currency can only be changed before the first real-money transaction"] });
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: "withdraw-0001", type: "withdrawal", changes: [{ kind: "main", delta: -100 }] });
    await failure(p.browser.post("account/setCurrency", { currency: "EUR" }), 400, "InvalidParameterException");
    expect((await data(p.browser.get("account/getBalance"))).balance_main).toEqual(money(0, "USD"));
  });

  it("refuses a currency the site does not offer", async () => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/setCurrency", { currency: "GBP" }), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ currency: ["This currency is not available"] });
  });

  it.each([
    ["missing", {}, "Currency is required"],
    ["blank", { currency: "" }, "currency must be a three-letter code such as 'USD'"],
    ["four-letter", { currency: "USDT" }, "currency must be a three-letter code such as 'USD'"],
    ["non-letter", { currency: "U$D" }, "currency must be a three-letter code such as 'USD'"],
  ])("refuses a %s currency with 400 on currency", async (_what, fields, message) => {
    const p = await registerPlayer();
    const e = await failure(p.browser.post("account/setCurrency", fields), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.currency).toEqual([message]);
  });

  it("answers 401 to a visitor, 405 to a GET, 403 to a foreign origin", async () => {
    await failure(post("account/setCurrency", { currency: "EUR" }), 401, "AuthorizationException");
    const p = await registerPlayer();
    await failure(p.browser.get("account/setCurrency", { currency: "EUR" }), 405, "InvalidRequestException");
    const body = new FormData();
    body.append("currency", "EUR");
    const res = await send(apiUrl("account/setCurrency"), { method: "POST", body, headers: { ...p.browser.headers(), origin: "https://evil.test" } });
    expect(res.status).toBe(403);
    expect((await data(p.browser.get("account/getBalance"))).balance_main.currency).toBe("USD");
  });

  it("refuses a JSON body (415)", async () => {
    const p = await registerPlayer();
    const res = await send(apiUrl("account/setCurrency"), {
      method: "POST",
      body: JSON.stringify({ currency: "EUR" }),
      headers: { ...p.browser.headers(), origin: ORIGIN, "content-type": "application/json" },
    });
    expect(res.status).toBe(415);
  });
});
