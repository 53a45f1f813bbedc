import { z } from "zod";
import { Money } from "./entities";

/**
 * Entities of the wallet methods (SPEC §3 Account info balances, Currency). Money is integer
 * minor units with its currency; formatting is the app's job (SPEC §9).
 */

/** account.getBalance: the four balances of SPEC §3, the same fields account.getInfo carries. */
export const Balances = z.strictObject({
  balance_main: Money,
  balance_bonus: Money,
  balance_betting_bonus: Money,
  /** Demo-play money: every player starts with 1,000.00, granted once. */
  balance_fun: Money,
});
export type Balances = z.infer<typeof Balances>;

/**
 * account.getcurrencyrates: how many units of each site currency one unit of `base` (the site's
 * default currency) is worth, e.g. `{ base: "USD", rates: { USD: 1, EUR: 0.92 } }`. Rates are
 * ratios, not money, so plain numbers. `updated_at`: Unix ms of the newest rate (0 when none).
 */
export const CurrencyRates = z.strictObject({
  base: z.string(),
  rates: z.record(z.string(), z.number().positive()),
  updated_at: z.number().int(),
});
export type CurrencyRates = z.infer<typeof CurrencyRates>;
