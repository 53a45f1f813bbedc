import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runVpnClock } from "../../workers/platform/vpn/clock";
import { registerPlayer } from "./auth-helpers";
import { mainBalance } from "./cashier-helpers";
import { data, failure, ORIGIN, send } from "./helpers";
import { playerWith } from "./loyalty-helpers";
import { connect, moneyDeps, tokenFor } from "./realtime-helpers";
import { buy, checkVpnLedger, DAY, periodsOf, planId, subscriptionRow, vpnEventsSoFar, vpnKey } from "./vpn-helpers";

/** The VPN shop (issue 24, decision 0053): plans paid from the main balance, one subscription per player. */

describe("vpn.getShop", () => {
  it("lists the seeded plans with localized texts and the reader's price", async () => {
    const p = await registerPlayer();
    const shop = await data(p.browser.get("vpn/getShop"));
    expect(shop.items.map((i: any) => [i.sysname, i.days, i.devices])).toEqual([
      ["week", 7, 1],
      ["month", 30, 3],
      ["quarter", 90, 5],
    ]);
    expect(shop.items[1]).toMatchObject({ title: "Month", price: { amount: 899, currency: "USD" } });
    const es = await data(p.browser.get("vpn/getShop", { locale: "es" }));
    expect(es.items[0].title).toBe("Pase semanal");
  });
});

describe("vpn.createSubscription", () => {
  it("debits the main balance and starts the subscription; the same key answers the first purchase", async () => {
    const p = await playerWith(2000);
    const month = await planId("month");
    expect(await data(p.browser.get("vpn/getSubscription"))).toMatchObject({ status: "none", plan: null, access_key: null });
    const client = await connect(await tokenFor(p.uid));
    const key = vpnKey();
    const before = Date.now();
    const sub = await data(buy(p, month, { key, auto_renewal: 1 }));
    expect(sub).toMatchObject({ status: "active", auto_renewal: true, plan: { sysname: "month" } });
    expect(sub.ends_at - sub.started_at).toBe(30 * DAY);
    expect(sub.started_at).toBeGreaterThanOrEqual(before);
    expect(sub.access_key).toMatch(/^wg:\/\//);
    expect(await mainBalance(p)).toBe(2000 - 899);
    expect(await data(buy(p, month, { key, auto_renewal: 1 }))).toMatchObject({ ends_at: sub.ends_at });
    expect(await mainBalance(p)).toBe(2000 - 899);
    const reused = await failure(buy(p, await planId("week"), { key }), 400, "InvalidParameterException");
    expect(reused.params).toMatchObject({ code: "key_reused" });
    expect(await vpnEventsSoFar(client, p.uid)).toEqual([{ event: "subscription_activated", data: { plan_id: month, ends_at: sub.ends_at } }]);
    await checkVpnLedger(p.uid);
    client.ws.close(1000);
  });

  it("buying again while active extends from the current end, keeping start and access key", async () => {
    const p = await playerWith(2000);
    const first = await data(buy(p, await planId("week")));
    const second = await data(buy(p, await planId("month")));
    expect(second).toMatchObject({ status: "active", started_at: first.started_at, access_key: first.access_key, plan: { sysname: "month" } });
    expect(second.ends_at).toBe(first.ends_at + 30 * DAY);
    expect((await periodsOf(p.uid)).map((r) => r.reason)).toEqual(["purchase", "purchase"]);
    expect(await mainBalance(p)).toBe(2000 - 299 - 899);
    await checkVpnLedger(p.uid);
  });

  it("refuses a price the main balance does not cover with the wallet's error; nothing is bought", async () => {
    const p = await playerWith(500);
    const poor = await failure(buy(p, await planId("month")), 402, "BillingTransactionDeclinedException");
    expect(poor.message).toMatch(/Insufficient funds/);
    expect(await mainBalance(p)).toBe(500);
    expect(await subscriptionRow(p.uid)).toBeNull();
    expect(await periodsOf(p.uid)).toEqual([]);
  });

  it("two purchases at once on a balance that covers one: one subscription, one debit, one refusal", async () => {
    const p = await playerWith(1000);
    const month = await planId("month");
    const answers = await Promise.all([buy(p, month), buy(p, month)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 402]);
    expect(await mainBalance(p)).toBe(1000 - 899);
    expect(await periodsOf(p.uid)).toHaveLength(1);
    const row = await subscriptionRow(p.uid);
    expect(row!.ends_at - row!.started_at).toBe(30 * DAY);
    await checkVpnLedger(p.uid);
  });

  it("answers bad input with 4xx naming the field; a visitor is asked to sign in", async () => {
    const p = await playerWith(5000);
    for (const [fields, field] of [
      [{ plan_id: "x" }, "plan_id"],
      [{ plan_id: -1 }, "plan_id"],
      [{ key: "short" }, "key"],
      [{ auto_renewal: "maybe" }, "auto_renewal"],
    ] as const) {
      const bad = await failure(p.browser.post("vpn/createSubscription", { plan_id: 1, key: vpnKey(), ...fields }), 400, "InvalidParameterException");
      expect(Object.keys(bad.invalid_parameters ?? {})).toContain(field);
    }
    const unknown = await failure(buy(p, 999_999), 404, "InvalidParameterException");
    expect(unknown.params).toMatchObject({ code: "unknown_plan" });
    await env.DB.prepare(`INSERT INTO vpn_plans (sysname, days, devices, prices, texts) VALUES ('euro-only', 7, 1, '{"EUR":100}', '{}')`).run();
    const euro = await failure(buy(p, await planId("euro-only")), 400, "InvalidParameterException");
    expect(euro.params).toMatchObject({ code: "not_in_currency" });
    const noSub = await failure(p.browser.post("vpn/setAutoRenewalSubscription", { enabled: 1 }), 409, "InvalidParameterException");
    expect(noSub.params).toMatchObject({ code: "no_subscription" });
    await failure(p.browser.post("vpn/setAutoRenewalSubscription", { enabled: 2 }), 400, "InvalidParameterException");
    await failure(p.browser.post("vpn/setAutoRenewalSubscription", {}), 400, "InvalidParameterException");
    const visitor = await registerPlayer();
    await data(visitor.browser.post("auth/logout"));
    await failure(visitor.browser.post("vpn/createSubscription", { plan_id: 1, key: vpnKey() }), 401, "AuthorizationException");
    expect(await mainBalance(p)).toBe(5000);
  });
});

describe("vpn.setAutoRenewalSubscription", () => {
  it("turns auto-renewal on and off, telling each change once", async () => {
    const p = await playerWith(1000);
    await data(buy(p, await planId("week")));
    const client = await connect(await tokenFor(p.uid));
    expect(await data(p.browser.post("vpn/setAutoRenewalSubscription", { enabled: 1 }))).toMatchObject({ auto_renewal: true });
    expect(await data(p.browser.post("vpn/setAutoRenewalSubscription", { enabled: "1" }))).toMatchObject({ auto_renewal: true });
    expect(await data(p.browser.post("vpn/setAutoRenewalSubscription", { enabled: 0 }))).toMatchObject({ auto_renewal: false });
    expect((await vpnEventsSoFar(client, p.uid)).map((e) => e.event)).toEqual(["auto_renewal_activated", "auto_renewal_deactivated"]);
    client.ws.close(1000);
  });
});

describe("the VPN clock", () => {
  it("without auto-renewal: warns once within 24 h of the end, then ends once", async () => {
    const p = await playerWith(1000);
    const sub = await data(buy(p, await planId("week")));
    const client = await connect(await tokenFor(p.uid));
    await vpnEventsSoFar(client, p.uid);
    const deps = moneyDeps();
    expect(await runVpnClock(deps, sub.ends_at - 2 * DAY, p.uid)).toEqual({ warned: 0, renewed: 0, ended: 0 });
    expect(await runVpnClock(deps, sub.ends_at - DAY + 1, p.uid)).toMatchObject({ warned: 1 });
    expect(await runVpnClock(deps, sub.ends_at - 60_000, p.uid)).toMatchObject({ warned: 0 });
    expect(await runVpnClock(deps, sub.ends_at, p.uid)).toMatchObject({ ended: 1 });
    expect(await runVpnClock(deps, sub.ends_at + 60_000, p.uid)).toEqual({ warned: 0, renewed: 0, ended: 0 });
    await deps.settled();
    expect((await vpnEventsSoFar(client, p.uid)).map((e) => e.event)).toEqual(["subscription_ends_soon", "subscription_ended"]);
    expect(await data(p.browser.get("vpn/getSubscription"))).toMatchObject({ status: "ended", access_key: null });
    expect(await mainBalance(p)).toBe(1000 - 299);
    client.ws.close(1000);
  });

  it("with auto-renewal and the money: warns auto_renewal_soon once, renews once at the end", async () => {
    const p = await playerWith(1000);
    const week = await planId("week");
    const sub = await data(buy(p, week, { auto_renewal: 1 }));
    const client = await connect(await tokenFor(p.uid));
    await vpnEventsSoFar(client, p.uid);
    const deps = moneyDeps();
    await runVpnClock(deps, sub.ends_at - DAY / 2, p.uid);
    await runVpnClock(deps, sub.ends_at - DAY / 4, p.uid);
    expect(await runVpnClock(deps, sub.ends_at, p.uid)).toMatchObject({ renewed: 1, ended: 0 });
    expect(await runVpnClock(deps, sub.ends_at + 2000, p.uid)).toMatchObject({ renewed: 0, ended: 0 });
    await deps.settled();
    const events = await vpnEventsSoFar(client, p.uid);
    expect(events.map((e) => e.event)).toEqual(["auto_renewal_soon", "subscription_activated"]);
    expect(events[1]!.data).toMatchObject({ plan_id: week, ends_at: sub.ends_at + 7 * DAY });
    const now = await data(p.browser.get("vpn/getSubscription"));
    expect(now).toMatchObject({ status: "active", started_at: sub.started_at, ends_at: sub.ends_at + 7 * DAY, access_key: sub.access_key });
    expect((await periodsOf(p.uid)).map((r) => r.reason)).toEqual(["purchase", "renewal"]);
    expect(await mainBalance(p)).toBe(1000 - 2 * 299);
    await checkVpnLedger(p.uid);
    client.ws.close(1000);
  });

  it("a clock that comes late renews from its own time: no paying for days gone by", async () => {
    const p = await playerWith(1000);
    const sub = await data(buy(p, await planId("week"), { auto_renewal: 1 }));
    const late = sub.ends_at + 3 * DAY;
    expect(await runVpnClock(moneyDeps(), late, p.uid)).toMatchObject({ renewed: 1 });
    expect(await data(p.browser.get("vpn/getSubscription"))).toMatchObject({ status: "active", ends_at: late + 7 * DAY });
    expect(await mainBalance(p)).toBe(1000 - 2 * 299);
  });

  it("with auto-renewal but too little money: low balance with the warning, then it ends without a debit", async () => {
    const p = await playerWith(400);
    const sub = await data(buy(p, await planId("week"), { auto_renewal: 1 }));
    const client = await connect(await tokenFor(p.uid));
    await vpnEventsSoFar(client, p.uid);
    const deps = moneyDeps();
    await runVpnClock(deps, sub.ends_at - 3600_000, p.uid);
    expect(await runVpnClock(deps, sub.ends_at, p.uid)).toMatchObject({ renewed: 0, ended: 1 });
    await runVpnClock(deps, sub.ends_at + 1, p.uid);
    await deps.settled();
    const events = await vpnEventsSoFar(client, p.uid);
    expect(events.map((e) => e.event)).toEqual(["auto_renewal_soon", "vpn.low_balance", "subscription_ended"]);
    expect(events[1]!.data).toMatchObject({ price: { amount: 299, currency: "USD" } });
    expect(await mainBalance(p)).toBe(400 - 299);
    expect(await periodsOf(p.uid)).toHaveLength(1);
    await checkVpnLedger(p.uid);
    client.ws.close(1000);
  });

  it("turning auto-renewal off after its warning tells the ends-soon warning on the next run", async () => {
    const p = await playerWith(1000);
    const sub = await data(buy(p, await planId("week"), { auto_renewal: 1 }));
    const client = await connect(await tokenFor(p.uid));
    await vpnEventsSoFar(client, p.uid);
    const deps = moneyDeps();
    await runVpnClock(deps, sub.ends_at - 3600_000, p.uid);
    await data(p.browser.post("vpn/setAutoRenewalSubscription", { enabled: 0 }));
    await runVpnClock(deps, sub.ends_at - 1800_000, p.uid);
    await runVpnClock(deps, sub.ends_at - 900_000, p.uid);
    await deps.settled();
    expect((await vpnEventsSoFar(client, p.uid)).map((e) => e.event)).toEqual(["auto_renewal_soon", "auto_renewal_deactivated", "subscription_ends_soon"]);
    client.ws.close(1000);
  });

  it("the demo hook runs the clock for one player before their end", async () => {
    const p = await playerWith(1000);
    const other = await playerWith(1000);
    const sub = await data(buy(p, await planId("week")));
    const theirs = await data(buy(other, await planId("week")));
    const res = await send(`${ORIGIN}/platform/demo/vpn/clock?login=${encodeURIComponent(p.login)}&before_end=3600000`, {
      method: "POST",
      headers: { origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data).toMatchObject({ warned: 1, at: sub.ends_at - 3600_000 });
    expect((await subscriptionRow(p.uid))!.warned_for).toBe(sub.ends_at);
    expect((await subscriptionRow(other.uid))!.warned_for).toBeNull();
    expect(theirs.status).toBe("active");
    const bad = await send(`${ORIGIN}/platform/demo/vpn/clock?login=${encodeURIComponent(p.login)}`, { method: "POST", headers: { origin: ORIGIN } });
    expect(bad.status).toBe(400);
  });
});
