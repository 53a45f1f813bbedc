import { z } from "zod";
import { method } from "./define";
import { Balances, CurrencyRates } from "./entities-wallet";

/**
 * Wallet methods of the /api contract (SPEC §3 balances, §7 account.getBalance,
 * getcurrencyrates, setCurrency). Spread into `contract` in contract.ts.
 */

const currency = z
  .string({ error: (i) => (i.input === undefined ? "Currency is required" : "Currency must be text") })
  .trim()
  .regex(/^[A-Za-z]{3}$/, "currency must be a three-letter code such as 'USD'")
  .transform((v) => v.toUpperCase());

export const walletMethods = {
  "account.getBalance": method({
    group: "account",
    name: "getBalance",
    verb: "GET",
    access: "player",
    summary:
      "The player's balances (SPEC §3): main, bonus, betting bonus and fun, each an integer amount of minor units " +
      "with its currency. The first read grants the demo fun balance (1,000.00) once.",
    params: z.object({}),
    result: Balances,
  }),
  "account.getcurrencyrates": method({
    group: "account",
    name: "getcurrencyrates",
    verb: "GET",
    access: "public",
    summary:
      "Exchange rates of the site's currencies: units of each currency per one unit of `base`, the site's default " +
      "currency (`rates[base]` is 1). updated_at is the Unix ms of the newest rate.",
    params: z.object({}),
    result: CurrencyRates,
  }),
  "account.setCurrency": method({
    group: "account",
    name: "setCurrency",
    verb: "POST",
    access: "player",
    summary:
      "Change the player's currency to one of the site's, only before any real money has moved (every balance but " +
      "fun zero, no real-money ledger entry); otherwise 400 on currency. The balances take the new currency. Returns 1.",
    params: z.object({ currency }),
    result: z.literal(1),
  }),
};
