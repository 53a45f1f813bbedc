import { z } from "zod";
import { Money } from "./entities";
import { MarketDepositCap } from "./entities-responsible";

/**
 * Entities of the cashier methods (SPEC §3 Deposit, §7 cashier.*). Amounts are integer minor
 * units of the player's currency; the app formats them (SPEC §9) and turns what a player types
 * ("1,000") into minor units.
 */

/** How the browser reaches the payment system: SPEC §2 result pages paymobile / paynewwindow. */
export const PaymentFlow = z.enum(["redirect", "mobile", "new_window"]);
export type PaymentFlow = z.infer<typeof PaymentFlow>;

/** One requisite a method asks for (card holder, phone, IBAN, bank…), checked by the platform. */
export const CashierField = z.strictObject({
  sysname: z.string(),
  /** The validation rule of SPEC §5 the app applies in the browser; the platform checks the same. */
  type: z.enum(["text", "card_holder", "card_number", "iban", "phone", "email", "bank"]),
  /** A message key. */
  label: z.string(),
  is_required: z.boolean(),
  /** Extra pattern for `text` fields (SPEC §5 custom rule), JavaScript syntax. */
  regex: z.string().nullable(),
});
export type CashierField = z.infer<typeof CashierField>;

/** Amount rules of a method in one currency (minor units). */
export const AmountRules = z.strictObject({
  min: z.number().int(),
  max: z.number().int(),
  /** The amount must be a multiple of this (SPEC §5 sum rule); 0 means any whole unit. */
  step: z.number().int(),
  /** SPEC §3 deposit amount presets: items with value. */
  presets: z.array(z.strictObject({ value: z.number().int() })),
});
export type AmountRules = z.infer<typeof AmountRules>;

export const CashierMethod = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  name: z.string(),
  /** A site path of the method's logo. */
  icon: z.string(),
  flow: PaymentFlow,
  /** Per currency code. A method without the player's currency is not offered to them. */
  currencies: z.record(z.string(), AmountRules),
  fields: z.array(CashierField),
});
export type CashierMethod = z.infer<typeof CashierMethod>;

export const DepositSettings = z.strictObject({
  /** The player's currency: the one `currencies` entries apply to. */
  currency: z.string(),
  methods: z.array(CashierMethod),
});
export type DepositSettings = z.infer<typeof DepositSettings>;

export const TransactionType = z.enum(["deposit", "withdrawal"]);
export const TransactionStatus = z.enum(["new", "pending", "success", "fail", "cancel"]);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/** A deposit or a withdrawal as the history and the result pages show it. */
/** What held a withdrawal before its approval (decision 0112): a review of a large amount, the identity's verification, a completed bonus's check. */
export const WithdrawalHold = z.enum(["review", "verification", "bonus"]);
export type WithdrawalHold = z.infer<typeof WithdrawalHold>;

/** A withdrawal's stages (decision 0112): requested → approved → sent → paid, each with its time once reached. */
export const WithdrawalTracker = z.strictObject({
  requested_at: z.number().int(),
  approved_at: z.number().int().nullable(),
  sent_at: z.number().int().nullable(),
  paid_at: z.number().int().nullable(),
  /** What held it before approval (kept once approved); null: the automatic checks only. */
  hold: WithdrawalHold.nullable(),
  /** What it waits for now: its approval (the automatic checks, or its hold), the next payout run, the payment system; null once paid or cancelled. */
  waiting: z.enum(["checks", "review", "verification", "bonus", "sending", "paying"]).nullable(),
  /** When what it waits for is expected to end; null while it waits for the verification, or once it is over. */
  next_at: z.number().int().nullable(),
  /** When it is expected paid (when it was, once paid); null while that depends on the verification, or once cancelled. */
  expected_paid_at: z.number().int().nullable(),
});
export type WithdrawalTracker = z.infer<typeof WithdrawalTracker>;

export const CashierTransaction = z.strictObject({
  id: z.string(),
  type: TransactionType,
  status: TransactionStatus,
  amount: Money,
  /** Method sysname and its display name. */
  method: z.string(),
  method_name: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** A pending withdrawal the player may still cancel (not once it is sent). */
  can_cancel: z.boolean(),
  /** A withdrawal's stages; null for a deposit. */
  tracker: WithdrawalTracker.nullable(),
});
export type CashierTransaction = z.infer<typeof CashierTransaction>;

export const DepositInfo = z.strictObject({
  /** Whether the player has ever completed a deposit (registration hint, first-deposit offers). */
  has_deposit: z.boolean(),
  deposits_count: z.number().int(),
  /** The method of the last completed deposit, to preselect it. */
  last_method: z.string().nullable(),
  /** What the deposit limits leave for now (the tightest of the player's and their market's); null without a limit. */
  limit_available: Money.nullable(),
  /** The market's monthly deposit ceiling and its notice at 50 % and 100 % (account.getLimits' market_cap). */
  market_cap: MarketDepositCap.nullable(),
  /** The player's market asks them, before their first deposit, to set a deposit limit or decline one (the UK); a deposit waits for the answer. */
  limit_prompt: z.boolean(),
  /** The asked transaction (transaction_id param), null when not asked. */
  transaction: CashierTransaction.nullable(),
});
export type DepositInfo = z.infer<typeof DepositInfo>;

export const DepositStarted = z.strictObject({
  transaction_id: z.string(),
  status: TransactionStatus,
  flow: PaymentFlow,
  /** The hosted payment page to send the browser to (absolute or site path). */
  redirect_url: z.string(),
});
export type DepositStarted = z.infer<typeof DepositStarted>;

export const WithdrawSettings = z.strictObject({
  currency: z.string(),
  /** What may be withdrawn now: the main balance (bonus money is not withdrawable). */
  available: Money,
  methods: z.array(CashierMethod),
  /** Withdrawals still pending (cancellable). */
  pending: z.array(CashierTransaction),
  /**
   * The site's own approval times over the last `days` (every withdrawal approved in them, decision
   * 0112): how many, the median and the 95th percentile, in milliseconds; null when none was approved.
   */
  payout_times: z.strictObject({ days: z.number().int(), count: z.number().int(), median_ms: z.number().int(), p95_ms: z.number().int() }).nullable(),
});
export type WithdrawSettings = z.infer<typeof WithdrawSettings>;

export const Bank = z.strictObject({ id: z.string(), name: z.string(), country_code: z.string() });
export type Bank = z.infer<typeof Bank>;
