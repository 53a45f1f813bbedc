import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { snapshot } from "./bonus-books";
import { data, failure } from "./helpers";

/**
 * A bonus is money in one currency (decision 0039). A player may change currency until real money
 * moves (account.setCurrency), after the sign-up bonus was granted in the old one: activating it
 * then would credit its dollars as reais, under the dollars' max bet.
 */
describe("a bonus in another currency than the account's", () => {
  it("is refused on activation with a clear error, and nothing is credited", async () => {
    const p = await registerPlayer();
    const signUp = (await data(p.browser.get("bonuses/get"))).available.find((b: { sysname: string }) => b.sysname === "no-deposit");
    expect(signUp.amount).toEqual({ amount: 1000, currency: "USD" });
    await data(p.browser.post("account/setCurrency", { currency: "BRL" }));
    const e = await failure(p.browser.post("bonuses/activate", { bonus_id: signUp.id }), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.bonus_id).toEqual(["This bonus is in USD and your account is in BRL"]);
    expect(await snapshot(p.uid)).toEqual({ main: 0, bonus: 0, rounds: 0 });
    expect((await data(p.browser.get("bonuses/get"))).active).toEqual([]);
    // Back in dollars it is the player's to activate.
    await data(p.browser.post("account/setCurrency", { currency: "USD" }));
    expect(await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }))).toMatchObject({ status: "active" });
    expect((await snapshot(p.uid)).bonus).toBe(1000);
  });
});
