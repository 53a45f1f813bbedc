import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { choose, depositWith, mainBalance, newKey, openPage, startDeposit, txRow } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { ledgerRows } from "./wallet-helpers";
import { playerDb } from "./player-db";
import { decide } from "../../workers/platform/demo/payment-provider";

/** Deposits end to end: makedeposit → the demo payment page → its signed callback → the balance. */

describe("cashier.getdepositsettings", () => {
  it("offers the seeded methods in the player's currency only", async () => {
    const p = await registerPlayer({ currency: "EUR" });
    const s = await data(p.browser.get("cashier/getdepositsettings"));
    expect(s.currency).toBe("EUR");
    expect(s.methods.map((m: { sysname: string }) => m.sysname)).toEqual(["demo_card", "demo_ewallet", "demo_bank", "demo_mobile", "demo_newwindow"]);
    for (const m of s.methods) expect(Object.keys(m.currencies)).toEqual(["EUR"]);
    const bank = s.methods.find((m: { sysname: string }) => m.sysname === "demo_bank");
    expect(bank.fields).toEqual([{ sysname: "bank", type: "bank", label: "cashier.fields.bank", is_required: true, regex: null }]);
    expect(s.methods.find((m: { sysname: string }) => m.sysname === "demo_ewallet").currencies.EUR.step).toBe(500);
    expect(s.methods.find((m: { sysname: string }) => m.sysname === "demo_mobile").flow).toBe("mobile");
  });
});

describe("a deposit under way and the player's currency", () => {
  it("keeps the currency while a deposit is open, so the credit is in the currency it was asked in", async () => {
    const p = await registerPlayer();
    const started = await startDeposit(p, { amount: 5000 });
    await failure(p.browser.post("account/setCurrency", { currency: "EUR" }), 400, "InvalidParameterException");
    await choose(p, started.redirect_url, "cancel");
    // Cancelled, nothing moved: the currency may change again.
    expect(await data(p.browser.post("account/setCurrency", { currency: "EUR" }))).toBe(1);
  });
});

describe("a deposit through the demo payment page", () => {
  it("success: shows merchant, amount and method, credits the main balance once, lands on paysuccess", async () => {
    const p = await registerPlayer();
    const started = await startDeposit(p, { amount: 12300 });
    expect(started).toMatchObject({ status: "new", flow: "redirect" });
    expect(started.transaction_id).toMatch(/^[0-9a-f]{32}$/);
    expect(started.redirect_url).toMatch(new RegExp(`^/platform/demo/pay/${started.transaction_id}\\?sig=[A-Za-z0-9_-]+$`));

    const page = await openPage(p, started.redirect_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Playfront Casino");
    expect(html).toContain("$123");
    expect(html).toContain("Card");
    for (const outcome of ["success", "pending", "fail", "cancel"]) expect(html).toContain(`value="${outcome}"`);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");

    const res = await choose(p, started.redirect_url, "success");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/cashier/paysuccess/${started.transaction_id}`);
    expect(await mainBalance(p)).toBe(12300);
    expect((await txRow(p.uid, started.transaction_id))!.status).toBe("success");

    // The page again: already decided; a second submit changes nothing.
    expect(await (await openPage(p, started.redirect_url)).text()).toContain("already success");
    expect((await choose(p, started.redirect_url, "fail")).headers.get("location")).toBe(`/cashier/paysuccess/${started.transaction_id}`);
    expect(await mainBalance(p)).toBe(12300);
    const deposits = (await ledgerRows(p.uid)).filter((r) => r.type === "deposit");
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({ kind: "main", delta: 12300, reference: started.transaction_id });

    const info = await data(p.browser.get("cashier/getdepositinfo", { transaction_id: started.transaction_id }));
    expect(info).toMatchObject({ has_deposit: true, deposits_count: 1, last_method: "demo_card", limit_available: null });
    expect(info.transaction).toMatchObject({
      id: started.transaction_id,
      type: "deposit",
      status: "success",
      amount: { amount: 12300, currency: "USD" },
      method_name: "Card",
      can_cancel: false,
    });
  });

  it("a callback lost with the Worker: the payer's repeated submit reports the payment again, credited once", async () => {
    const p = await registerPlayer();
    const started = await startDeposit(p, { amount: 4500 });
    // The payment system decided, and the Worker died before its callback reached the cashier.
    await decide(env, started.transaction_id, "success");
    expect(await mainBalance(p)).toBe(0);
    expect((await txRow(p.uid, started.transaction_id))!.status).toBe("new");

    for (let i = 0; i < 2; i++) {
      const res = await choose(p, started.redirect_url, "success");
      expect(res.headers.get("location")).toBe(`/cashier/paysuccess/${started.transaction_id}`);
    }
    expect(await mainBalance(p)).toBe(4500);
    expect((await txRow(p.uid, started.transaction_id))!.status).toBe("success");
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "deposit")).toHaveLength(1);
  });

  it("fail and cancel: no money, their result pages", async () => {
    const p = await registerPlayer();
    const failed = await depositWith(p, "fail");
    expect(failed.location).toBe(`/cashier/payfail/${failed.id}`);
    const cancelled = await depositWith(p, "cancel");
    expect(cancelled.location).toBe("/cashier/paycancel");
    expect(await mainBalance(p)).toBe(0);
    expect((await txRow(p.uid, failed.id))!.status).toBe("fail");
    expect((await txRow(p.uid, cancelled.id))!.status).toBe("cancel");
    const info = await data(p.browser.get("cashier/getdepositinfo"));
    expect(info).toMatchObject({ has_deposit: false, deposits_count: 0, last_method: null, transaction: null });
  });

  it("pending: waits, then settles once its time has passed — on the next cashier read", async () => {
    const p = await registerPlayer();
    const { id, location } = await depositWith(p, "pending");
    expect(location).toBe(`/cashier/paypending/${id}`);
    const row = (await txRow(p.uid, id))!;
    expect(row.status).toBe("pending");
    expect(row.settle_at).toBeGreaterThan(Date.now());
    expect((await data(p.browser.get("cashier/getdepositinfo", { transaction_id: id }))).transaction.status).toBe("pending");
    expect(await mainBalance(p)).toBe(0);

    // Move time: the payment system's settle time (and the platform's) is now in the past.
    await env.DB.prepare("UPDATE demo_payments SET settle_at = ?2 WHERE transaction_id = ?1")
      .bind(id, Date.now() - 1000)
      .run();
    await playerDb(p.uid)
      .prepare("UPDATE cashier_transactions SET settle_at = ?2 WHERE id = ?1")
      .bind(id, Date.now() - 1000)
      .run();
    const [history, again] = await Promise.all([data(p.browser.get("cashier/gethistory")), data(p.browser.get("cashier/getwithdrawsettings"))]);
    expect(history.items[0]).toMatchObject({ id, status: "success" });
    expect(again.available).toEqual({ amount: 5000, currency: "USD" });
    await data(p.browser.get("cashier/getdepositinfo"));
    expect(await mainBalance(p)).toBe(5000);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "deposit")).toHaveLength(1);
  });

  it("sends the player back in their locale", async () => {
    const p = await registerPlayer();
    const started = await data(p.browser.post("cashier/makedeposit?locale=es", { method: "demo_card", amount: 5000, idempotency_key: newKey() }));
    const res = await choose(p, started.redirect_url, "success");
    expect(res.headers.get("location")).toBe(`/es/cashier/paysuccess/${started.transaction_id}`);
    expect((await txRow(p.uid, started.transaction_id))!.locale).toBe("es");
  });

  it("mobile and new-window flows use the same page; mobile reads 'Confirm on your phone'", async () => {
    const p = await registerPlayer();
    const mobile = await startDeposit(p, { method: "demo_mobile", requisites: JSON.stringify({ phone: "2025550123" }) });
    expect(mobile.flow).toBe("mobile");
    expect(await (await openPage(p, mobile.redirect_url)).text()).toContain("Confirm on your phone");
    const win = await startDeposit(p, { method: "demo_newwindow" });
    expect(win.flow).toBe("new_window");
    expect((await choose(p, win.redirect_url, "success")).headers.get("location")).toBe(`/cashier/paysuccess/${win.transaction_id}`);
    expect(JSON.parse((await txRow(p.uid, mobile.transaction_id))!.requisites)).toEqual({ phone: "2025550123" });
  });

  it("refuses an unsigned, forged or foreign page link", async () => {
    const p = await registerPlayer();
    const a = await startDeposit(p);
    const b = await startDeposit(p);
    const url = new URL(a.redirect_url, "https://x");
    const sigA = url.searchParams.get("sig")!;
    expect((await openPage(p, url.pathname)).status).toBe(404);
    expect((await openPage(p, `${url.pathname}?sig=${sigA.slice(0, -2)}AA`)).status).toBe(404);
    // A's signature does not open B's page, nor pay it.
    expect((await openPage(p, `/platform/demo/pay/${b.transaction_id}?sig=${sigA}`)).status).toBe(404);
    expect((await choose(p, `/platform/demo/pay/${b.transaction_id}`, "success", sigA)).status).toBe(404);
    expect((await choose(p, a.redirect_url, "jackpot")).status).toBe(400);
    expect(await mainBalance(p)).toBe(0);
  });
});

describe("cashier.makedeposit checks", () => {
  it("answers the first transaction for a repeated idempotency key", async () => {
    const p = await registerPlayer();
    const key = newKey();
    const first = await startDeposit(p, { idempotency_key: key });
    const again = await startDeposit(p, { idempotency_key: key, amount: 9900 });
    expect(again).toEqual(first);
    const both = await Promise.all([startDeposit(p, { idempotency_key: `${key}-x` }), startDeposit(p, { idempotency_key: `${key}-x` })]);
    expect(both[0]).toEqual(both[1]);
    expect((await data(p.browser.get("cashier/gethistory"))).count).toBe(2);
  });

  it("refuses a bad method, amount, step or requisites with field errors", async () => {
    const p = await registerPlayer();
    const post = (fields: Record<string, string | number>) =>
      p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: newKey(), ...fields });
    expect((await failure(post({ method: "nope" }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("method");
    expect((await failure(post({ method: "Bad Name!" }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("method");
    const range = await failure(post({ amount: 999 }), 400, "InvalidParameterException");
    expect(range.invalid_parameters!.amount).toEqual(["Amount must be between 10 and 5,000"]);
    await failure(post({ amount: 500001 }), 400, "InvalidParameterException");
    expect((await failure(post({ amount: 1050 }), 400, "InvalidParameterException")).invalid_parameters!.amount).toEqual(["Amount must be a multiple of 1"]);
    expect((await failure(post({ method: "demo_ewallet", amount: 1200 }), 400, "InvalidParameterException")).invalid_parameters!.amount).toEqual([
      "Amount must be a multiple of 5",
    ]);
    for (const amount of ["", "abc", "12.5", "-100", "0"]) {
      expect((await failure(post({ amount }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("amount");
    }
    expect((await failure(post({ method: "demo_bank" }), 400, "InvalidParameterException")).invalid_parameters).toEqual({ bank: ["Field is required"] });
    expect(
      (await failure(post({ method: "demo_bank", requisites: '{"bank":"zz-none"}' }), 400, "InvalidParameterException")).invalid_parameters,
    ).toHaveProperty("bank");
    expect((await failure(post({ method: "demo_mobile", requisites: '{"phone":"12"}' }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty(
      "phone",
    );
    for (const requisites of ["not json", "[1]", '{"phone":5}']) {
      expect((await failure(post({ requisites }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("requisites");
    }
    expect((await failure(post({ idempotency_key: "short" }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("idempotency_key");
    await failure(p.browser.get("cashier/makedeposit"), 405, "InvalidRequestException");
    const ok = await startDeposit(p, { method: "demo_bank", requisites: '{"bank":"us-liberty"}' });
    expect(ok.status).toBe("new");
    expect((await data(p.browser.get("cashier/gethistory"))).count).toBe(1);
  });

  it("respects the deposit limit: what it leaves shows in getdepositinfo, more is refused", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "1", amount: 10000 }));
    await startDeposit(p, { amount: 6000 });
    expect((await data(p.browser.get("cashier/getdepositinfo"))).limit_available).toEqual({ amount: 4000, currency: "USD" });
    await failure(
      p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: newKey() }),
      409,
      "BillingDepositLimitExceededException",
    );
    expect((await startDeposit(p, { amount: 4000 })).status).toBe("new");
  });

  it("is for signed-in players only", async () => {
    const { get, post } = await import("./helpers");
    for (const m of ["getdepositsettings", "getdepositinfo", "gethistory", "getwithdrawsettings", "getbanks"])
      await failure(get(`cashier/${m}`), 401, "AuthorizationException");
    await failure(post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: newKey() }), 401, "AuthorizationException");
    const p = await registerPlayer();
    for (const m of ["getdepositsettings", "getdepositinfo", "gethistory", "getwithdrawsettings", "getbanks"])
      await failure(p.browser.post(`cashier/${m}`), 405, "InvalidRequestException");
    for (const m of ["makedeposit", "makewithdrawal", "cancelwithdrawal"]) await failure(p.browser.get(`cashier/${m}`), 405, "InvalidRequestException");
    await failure(p.browser.get("cashier/getdepositinfo", { transaction_id: "nope!" }), 400, "InvalidParameterException");
    await failure(p.browser.get("cashier/getdepositinfo", { transaction_id: "f".repeat(32) }), 404, "InvalidParameterException");
  });
});
