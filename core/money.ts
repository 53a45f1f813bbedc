import { formatWhole } from "./numbers";
import type { Money } from "./api/entities";

/** Currency symbols shown before the amount (SPEC §9); other currencies show their code. */
const SYMBOLS: Readonly<Record<string, string>> = { USD: "$", EUR: "€", BRL: "R$", GBP: "£" };

/**
 * Money as SPEC §9 shows it: integer minor units (cents) with thousands commas, two decimals only
 * when there is a fraction, the currency symbol before the value ("$1,234.50", "€1,000").
 */
export function formatMoney({ amount, currency }: Money): string {
  const cents = Math.round(amount);
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  return `${cents < 0 ? "-" : ""}${symbol}${formatUnits(Math.abs(cents))}`;
}

/** The number part of SPEC §9 money, without currency: 100000 → "1,000", 1050 → "10.50", -300 → "-3". */
export function formatUnits(minor: number): string {
  const cents = Math.round(minor);
  const abs = Math.abs(cents);
  const whole = formatWhole(Math.floor(abs / 100));
  const fraction = abs % 100;
  return `${cents < 0 ? "-" : ""}${fraction ? `${whole}.${String(fraction).padStart(2, "0")}` : whole}`;
}

/**
 * formatMoney as SQL over an amount column and a currency column (for a text written inside a batch,
 * such as a push owed by the statement that pays): the same symbols, thousands commas and cents.
 */
export function formatMoneySql(amount: string, currency: string): string {
  const symbol = `CASE ${currency} ${Object.entries(SYMBOLS)
    .map(([code, sign]) => `WHEN '${code}' THEN '${sign}'`)
    .join(" ")} ELSE ${currency} || ' ' END`;
  return `(CASE WHEN ${amount} < 0 THEN '-' ELSE '' END || ${symbol} || printf('%,d', abs(${amount}) / 100)
    || CASE WHEN abs(${amount}) % 100 <> 0 THEN printf('.%02d', abs(${amount}) % 100) ELSE '' END)`;
}

/** SPEC §9: the total balance is main + bonus + betting bonus (the demo balance is not money). */
export function totalBalance(b: { balance_main: Money; balance_bonus: Money; balance_betting_bonus: Money }): Money {
  return {
    amount: b.balance_main.amount + b.balance_bonus.amount + b.balance_betting_bonus.amount,
    currency: b.balance_main.currency,
  };
}

/** The expected loss of betting `left` at this RTP (basis points): left × (1 − RTP), to the minor unit — the bonus X-ray's cost (decision 0042). */
export function expectedCost(left: number, rtpBp: number): number {
  return Math.round((left * (10_000 - rtpBp)) / 10_000);
}
