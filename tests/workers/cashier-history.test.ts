import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { depositedSince } from "../../workers/platform/cashier/deposit-totals";
import { registerPlayer } from "./auth-helpers";
import { readyToWithdraw, depositWith, newKey, startDeposit } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";

/** cashier.gethistory, cashier.getbanks, and the deposit totals responsible gaming reads. */

describe("cashier.gethistory", () => {
  it("pages newest first, filters by type, counts the total matching", async () => {
    const p = await registerPlayer();
    const ids: string[] = [];
    for (const outcome of ["success", "fail", "success", "cancel"]) ids.push((await depositWith(p, outcome)).id);
    // A minute apart, in the order made, rather than sleeps between them (ids are not in time order).
    const db = playerDb(p.uid);
    await db.batch(ids.map((id, i) => db.prepare("UPDATE cashier_transactions SET created_at = created_at - ?2 WHERE id = ?1").bind(id, (4 - i) * 60_000)));
    await readyToWithdraw(p.uid);
    const w = await data(
      p.browser.post("cashier/makewithdrawal", {
        method: "demo_card",
        amount: 2000,
        requisites: JSON.stringify({ card_number: "5555555555554444", card_holder: "Ann Lee" }),
        idempotency_key: newKey(),
      }),
    );

    const all = await data(p.browser.get("cashier/gethistory"));
    expect(all.count).toBe(5);
    expect(all.items.map((t: { id: string }) => t.id)).toEqual([w.id, ...ids.reverse()]);
    const page = await data(p.browser.get("cashier/gethistory", { offset: 1, count: 2 }));
    expect(page).toEqual({ items: all.items.slice(1, 3), count: 5 });
    const deposits = await data(p.browser.get("cashier/gethistory", { type: "deposit", count: 3 }));
    expect(deposits.count).toBe(4);
    expect(deposits.items).toHaveLength(3);
    expect(deposits.items.every((t: { type: string }) => t.type === "deposit")).toBe(true);
    const withdrawals = await data(p.browser.get("cashier/gethistory", { type: "withdrawal" }));
    expect(withdrawals).toEqual({ items: [w], count: 1 });
    expect(await data(p.browser.get("cashier/gethistory", { offset: 50 }))).toEqual({ items: [], count: 5 });
  });

  it("shows only the player's own transactions", async () => {
    const p = await registerPlayer();
    await startDeposit(p);
    const q = await registerPlayer();
    expect(await data(q.browser.get("cashier/gethistory"))).toEqual({ items: [], count: 0 });
  });

  it("refuses bad paging and type with field errors", async () => {
    const p = await registerPlayer();
    for (const [query, field] of [
      [{ offset: -1 }, "offset"],
      [{ offset: "x" }, "offset"],
      [{ count: 0 }, "count"],
      [{ count: 101 }, "count"],
      [{ count: 1.5 }, "count"],
      [{ type: "bet" }, "type"],
    ] as const) {
      expect((await failure(p.browser.get("cashier/gethistory", query), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty(field);
    }
    await failure(p.browser.post("cashier/gethistory"), 405, "InvalidRequestException");
  });
});

describe("cashier.getbanks", () => {
  it("answers the banks of the player's country, or of the asked one", async () => {
    const br = await registerPlayer({ country_code: "BR", currency: "BRL" });
    const own = await data(br.browser.get("cashier/getbanks"));
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own.every((b: { country_code: string }) => b.country_code === "BR")).toBe(true);
    const de = await data(br.browser.get("cashier/getbanks", { country_code: "de" }));
    expect(de.map((b: { id: string }) => b.id)).toEqual(["de-rhein", "de-sparkasse"]);
    expect(await data(br.browser.get("cashier/getbanks", { country_code: "ZZ" }))).toEqual([]);
    await failure(br.browser.get("cashier/getbanks", { country_code: "DEU" }), 400, "InvalidParameterException");
    await failure(br.browser.post("cashier/getbanks"), 405, "InvalidRequestException");
    // Without a country: the site's default country.
    const p = await registerPlayer();
    await env.DB.prepare("UPDATE users SET country_code = '' WHERE uid = ?1").bind(p.uid).run();
    expect((await data(p.browser.get("cashier/getbanks")))[0].country_code).toBe("US");
  });
});

describe("depositedSince", () => {
  it("sums new, pending and successful deposits since a moment, not failed ones or withdrawals", async () => {
    const p = await registerPlayer();
    const since = Date.now();
    await startDeposit(p, { amount: 1000 });
    await depositWith(p, "pending", { amount: 2000 });
    await depositWith(p, "success", { amount: 4000 });
    await depositWith(p, "fail", { amount: 8000 });
    await depositWith(p, "cancel", { amount: 16000 });
    await readyToWithdraw(p.uid);
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `more-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 50000 }] });
    await data(
      p.browser.post("cashier/makewithdrawal", {
        method: "demo_card",
        amount: 3000,
        requisites: JSON.stringify({ card_number: "4111111111111111", card_holder: "Ann" }),
        idempotency_key: newKey(),
      }),
    );
    expect(await depositedSince(playerDb(p.uid), p.uid, since)).toBe(7000);
    expect(await depositedSince(playerDb(p.uid), p.uid, Date.now() + 1000)).toBe(0);
  });
});
