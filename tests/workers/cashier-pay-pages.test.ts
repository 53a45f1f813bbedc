import { describe, expect, it } from "vitest";
import { registerPlayer, type Player } from "./auth-helpers";
import { depositWith, startDeposit } from "./cashier-helpers";
import { ORIGIN, send } from "./helpers";

/**
 * The payment result pages (SPEC §2) speak of one payment of the player's (issue 35): "Payment
 * successful. The money is on your balance" for a transaction that does not exist, or is another
 * player's, or with no transaction at all, told the player something that did not happen.
 */
/** The success page's own section (its words also travel in the page's messages). */
const showsSuccess = (html: string) => html.includes('data-page="paysuccess"');

async function page(p: Player, path: string): Promise<Response> {
  return send(new URL(path, ORIGIN).href, { headers: p.browser.headers(), redirect: "manual" });
}

describe("payment result pages", () => {
  it("answer 404 for a transaction id that is no transaction, or cannot be one", async () => {
    const p = await registerPlayer();
    for (const path of [
      "/cashier/paysuccess/00000000000000000000000000000000",
      "/cashier/paypending/00000000000000000000000000000000",
      "/cashier/payfail/00000000000000000000000000000000",
      "/cashier/paysuccess/not%20an%20id",
      "/es/cashier/paysuccess/00000000000000000000000000000000",
      "/cashier/paymobile?transaction=00000000000000000000000000000000",
      "/cashier/paynewwindow?transaction=%3Cscript%3E",
    ]) {
      const res = await page(p, path);
      expect(res.status, path).toBe(404);
      expect(showsSuccess(await res.text()), path).toBe(false);
    }
  });

  it("answer 404 for another player's paid transaction", async () => {
    const owner = await registerPlayer();
    const { id } = await depositWith(owner, "success");
    const own = await page(owner, `/cashier/paysuccess/${id}`);
    expect(own.status).toBe(200);
    expect(showsSuccess(await own.text())).toBe(true);

    const other = await registerPlayer();
    for (const name of ["paysuccess", "paypending", "payfail"]) {
      const res = await page(other, `/cashier/${name}/${id}`);
      expect(res.status, name).toBe(404);
      expect(showsSuccess(await res.text()), name).toBe(false);
    }
  });

  it("send a success page for a payment still waiting to its pending page", async () => {
    const p = await registerPlayer();
    const started = await startDeposit(p);
    const res = await page(p, `/cashier/paysuccess/${started.transaction_id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/cashier/paypending/${started.transaction_id}`);
  });

  it("without an id, show the player's latest deposit on its page; with no deposit, 404", async () => {
    const p = await registerPlayer();
    for (const name of ["paysuccess", "paypending"]) expect((await page(p, `/cashier/${name}`)).status, name).toBe(404);

    await depositWith(p, "success");
    const latest = await depositWith(p, "fail");
    for (const name of ["paysuccess", "paypending"]) {
      const res = await page(p, `/cashier/${name}`);
      expect(res.status, name).toBe(302);
      expect(res.headers.get("location"), name).toBe(`/cashier/payfail/${latest.id}`);
    }
  });
});
