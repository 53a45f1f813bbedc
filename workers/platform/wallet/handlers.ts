import type { Handlers } from "../core/context";
import { refreshMirror } from "../player/remote-d1";
import { currencyRates, setPlayerCurrency } from "./currency";
import { balanceFields, readBalances } from "./wallet";

/** account.getBalance, getcurrencyrates, setCurrency. Money moves only through wallet.ts. */
export const walletHandlers: Handlers<"account.getBalance" | "account.getcurrencyrates" | "account.setCurrency"> = {
  "account.getBalance": async (_p, ctx) => balanceFields(await readBalances(ctx.player(), ctx.uid)),

  "account.getcurrencyrates": (_p, ctx) => currencyRates(ctx.db),

  async "account.setCurrency"({ currency }, ctx) {
    await setPlayerCurrency(ctx.player(), ctx.uid, currency);
    // While the guard still runs in D1 (decision 0075), the object's copy follows D1's change.
    await refreshMirror(ctx.env, ctx.uid);
    return 1 as const;
  },
};
