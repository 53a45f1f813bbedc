import { z } from "zod";
import { count, method, offset, refusal } from "./define";
import { listOf } from "./entities";
import { Bank, CashierTransaction, DepositInfo, DepositSettings, DepositStarted, WithdrawSettings } from "./entities-cashier";

/**
 * Cashier methods of the /api contract (SPEC §7 cashier.*). Spread into `contract` in contract.ts.
 * Every money-moving call carries an idempotency key: a repeat answers the first result.
 */

const idempotencyKey = z
  .string({ error: (i) => (i.input === undefined ? "idempotency_key is required" : "idempotency_key must be text") })
  .regex(/^[\x21-\x7e]{8,100}$/, "idempotency_key must be 8 to 100 visible ASCII characters");

/** Amount in minor units of the player's currency. */
const amount = z.coerce
  .number({ error: "amount must be a number" })
  .int("amount must be a whole number of minor units")
  .positive("amount must be more than 0")
  .max(1e13, "amount is too large");

const sysname = (what: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${what} is required` : `${what} must be text`) })
    .regex(/^[a-z0-9_-]{1,40}$/, `${what} must be a method name such as 'demo_card'`);

const transactionId = z
  .string({ error: (i) => (i.input === undefined ? "transaction_id is required" : "transaction_id must be text") })
  .regex(/^[A-Za-z0-9-]{8,64}$/, "transaction_id is not a transaction id");

/** Requisites: a JSON object of field sysname → text, as the method's `fields` name them. */
const requisites = z
  .string()
  .max(4000, "requisites are too long")
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const entries = Object.entries(value as Record<string, unknown>);
        if (entries.every(([, v]) => typeof v === "string")) return Object.fromEntries(entries) as Record<string, string>;
      }
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: "custom", message: "requisites must be a JSON object of texts" });
    return z.NEVER;
  })
  .optional();

export const cashierMethods = {
  "cashier.getdepositsettings": method({
    group: "cashier",
    name: "getdepositsettings",
    verb: "GET",
    access: "player",
    summary:
      "Deposit methods offered to the player (those with the player's currency): sysname, flow, per-currency " +
      "min/max/step and amount presets (minor units), and the requisite fields each asks for.",
    params: z.object({}),
    result: DepositSettings,
  }),
  "cashier.getdepositinfo": method({
    group: "cashier",
    name: "getdepositinfo",
    verb: "GET",
    access: "player",
    refuses: [refusal.unknown],
    summary:
      "The player's deposit state (has_deposit, count, last method, what the limits leave) and, with " +
      "transaction_id, that transaction of the player (404 otherwise). Pending transactions past their " +
      "settle time are reconciled with the payment system first.",
    params: z.object({ transaction_id: transactionId.optional() }),
    result: DepositInfo,
  }),
  "cashier.makedeposit": method({
    group: "cashier",
    name: "makedeposit",
    verb: "POST",
    access: "player",
    refuses: [
      refusal.selfExcluded,
      [409, "BillingDepositLimitExceeded", "the deposit would pass the player's deposit limit (params.available_amount, params.expired_at)"],
      [503, "BillingUnavailable", "the method's payment system is not available"],
      refusal.throttled,
    ],
    summary:
      "Start a deposit (SPEC §3 Deposit): checks the amount against the method's rules and the deposit limits " +
      "(BillingDepositLimitExceeded) and self-exclusion, creates the transaction and answers the payment page " +
      "to send the browser to. The balance moves when the payment system confirms (signed callback).",
    params: z.object({
      methodId: z.coerce.number({ error: "methodId must be a number" }).int("methodId must be an integer").positive().optional(),
      method: sysname("method"),
      amount,
      campaign_offer_id: z.coerce.number().int().positive().optional(),
      /** A promo code redeemed with this deposit when it succeeds (campaigns.checkPromocode refusals, decision 0044). */
      promo_code: z.string().trim().max(50, "promo_code is at most 50 characters").optional(),
      requisites,
      idempotency_key: idempotencyKey,
    }),
    result: DepositStarted,
  }),
  "cashier.getwithdrawsettings": method({
    group: "cashier",
    name: "getwithdrawsettings",
    verb: "GET",
    access: "player",
    summary: "Withdrawal methods, the withdrawable amount (main balance) and the pending withdrawals.",
    params: z.object({}),
    result: WithdrawSettings,
  }),
  "cashier.makewithdrawal": method({
    group: "cashier",
    name: "makewithdrawal",
    verb: "POST",
    access: "player",
    refuses: [
      refusal.funds,
      [409, "WithdrawalLimitsExceeded", "the amount is outside the method's minimum and maximum (params.min, params.max)"],
      [409, "WithdrawalLimitsPeriodExceeded", "the day's number or sum of withdrawals is used up"],
      [409, "InvalidRequest", "an active bonus: burn_bonuses=1 ends it first; or its balance is changing"],
      [422, "UserNeedConfirmContact", "the email address is not confirmed"],
      [422, "UserNeedProfileData", "name or birth date missing (params.fields)"],
      [422, "KycWithdrawal", "a verified identity is needed for this amount, or the check is under way (params.reason)"],
      [422, "SumsubVerificationRequired", "the site withdraws only to a verified identity (params.can_verify)"],
    ],
    summary:
      "Request a withdrawal: the amount leaves the main balance at once and the request stays pending until the " +
      "payment system pays it out. Refusals: UserNeedConfirmContact (email not confirmed); UserNeedProfileData " +
      "(first name, last name or date of birth missing; params.fields names them); on an account with " +
      "is_kyc_block_enabled not verified, any amount: SumsubVerificationRequired (no review pending; params.can_verify) or " +
      "KycWithdrawal (review pending; params.reason 'verification_pending'); KycWithdrawal (above " +
      "the verification threshold while not verified), WithdrawalLimitsExceeded (outside min/max), " +
      "WithdrawalLimitsPeriodExceeded (daily count or sum), WithdrawalDeclined, BillingTransactionDeclined (funds). " +
      "While a bonus is active: InvalidRequest (409, params.reason 'bonuses_burn', params.bonuses [{id, type, balance}]) " +
      "unless burn_bonuses is 1 — then the active bonuses end (their bonus balance removed) before the withdrawal.",
    params: z.object({
      method: sysname("method"),
      amount,
      requisites,
      idempotency_key: idempotencyKey,
      burn_bonuses: z.enum(["0", "1"], { error: "burn_bonuses must be 0 or 1" }).optional(),
    }),
    result: CashierTransaction,
  }),
  "cashier.cancelwithdrawal": method({
    group: "cashier",
    name: "cancelwithdrawal",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, [402, "WithdrawalDeclined", "the withdrawal is paid out or can no longer be cancelled"]],
    summary:
      "Cancel a pending withdrawal of the player: the amount returns to the main balance once. An already " +
      "cancelled one answers as it is; a paid one is refused (WithdrawalDeclined).",
    params: z.object({ transaction_id: transactionId }),
    result: CashierTransaction,
  }),
  "cashier.getbanks": method({
    group: "cashier",
    name: "getbanks",
    verb: "GET",
    access: "player",
    summary: "Banks for bank-transfer requisites, of the player's country unless country_code is given.",
    params: z.object({
      country_code: z
        .string()
        .regex(/^[A-Za-z]{2}$/, "country_code must be a two-letter country code")
        .transform((v) => v.toUpperCase())
        .optional(),
    }),
    result: z.array(Bank),
  }),
  "cashier.gethistory": method({
    group: "cashier",
    name: "gethistory",
    verb: "GET",
    access: "player",
    summary: "The player's deposits and withdrawals, newest first; type narrows to one kind; count is the total.",
    params: z.object({
      offset,
      count: count(100, 20),
      type: z.enum(["deposit", "withdrawal"], { error: "type must be 'deposit' or 'withdrawal'" }).optional(),
    }),
    result: listOf(CashierTransaction),
  }),
};
