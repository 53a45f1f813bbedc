import type { Cashback } from "../../../core/api/contract-cashback";
import { moneyValue, type OwnValues, ownTexts } from "../core/texts";

/** A player cashback as stored, with its programme's texts. */
export interface CashbackRow {
  id: string;
  uid: number;
  status: "active" | "paid_out" | "removed";
  currency: string;
  loss: number;
  percent: number;
  amount: number;
  period_start: number;
  end_date: number;
  receiving_expired_at: number | null;
  change_token: string | null;
  sysname: string;
  texts: string;
  /** The programme's terms in the cashback's currency, for its texts' numbers. */
  claim_days: number;
  min_loss: number | null;
  max_payout: number | null;
}

/** A cashback programme's own numbers for its texts (decision 0084), in `currency`. */
export function cashbackValues(r: { percent: number; claim_days: number; min_loss: number | null; max_payout: number | null }, currency: string): OwnValues {
  return { percent: String(r.percent), max: moneyValue(r.max_payout, currency), min_loss: moneyValue(r.min_loss, currency), claim_days: String(r.claim_days) };
}

export const CASHBACK_SELECT = `SELECT c.id, c.uid, c.status, c.currency, c.loss, c.percent, c.amount, c.period_start, c.end_date,
    c.receiving_expired_at, c.change_token, p.sysname, p.texts, p.claim_days, m.min_loss, m.max_payout
  FROM player_cashbacks c JOIN cashback_programmes p ON p.id = c.programme_id
    LEFT JOIN cashback_programme_terms m ON m.programme_id = p.id AND m.currency = c.currency`;

/** A claim window that has ended: the cashback can no longer be paid out. */
export const claimOver = (row: Pick<CashbackRow, "receiving_expired_at">, now: number) => row.receiving_expired_at !== null && row.receiving_expired_at <= now;

export function cashbackView(row: CashbackRow, opts: { locale: string; defaultLocale: string; description: boolean; now: number }): Cashback {
  // The numbers this cashback was computed with: its own percent, the programme's terms in its currency.
  const texts = ownTexts(row.texts, opts.locale, opts.defaultLocale, "cashback", cashbackValues(row, row.currency), row.sysname);
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    // A removed cashback is never shown; the type keeps to SPEC §3's two statuses.
    status: row.status === "paid_out" ? "paid_out" : "active",
    title: texts.title,
    ...(opts.description ? { description: texts.description } : {}),
    amount: money(row.amount),
    loss: money(row.loss),
    percent: row.percent,
    period_start: row.period_start,
    end_date: row.end_date,
    receiving_expired_at: row.receiving_expired_at,
    is_expired: row.status === "active" && claimOver(row, opts.now),
  };
}
