import type { Cashback } from "../../../core/api/contract-cashback";

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
}

export const CASHBACK_SELECT = `SELECT c.id, c.uid, c.status, c.currency, c.loss, c.percent, c.amount, c.period_start, c.end_date,
    c.receiving_expired_at, c.change_token, p.sysname, p.texts
  FROM player_cashbacks c JOIN cashback_programmes p ON p.id = c.programme_id`;

/** A claim window that has ended: the cashback can no longer be paid out. */
export const claimOver = (row: Pick<CashbackRow, "receiving_expired_at">, now: number) => row.receiving_expired_at !== null && row.receiving_expired_at <= now;

export function cashbackView(row: CashbackRow, opts: { locale: string; defaultLocale: string; description: boolean; now: number }): Cashback {
  const all = JSON.parse(row.texts) as Record<string, { title?: string; description?: string }>;
  const texts = all[opts.locale] ?? all[opts.defaultLocale] ?? all.en ?? {};
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    // A removed cashback is never shown; the type keeps to SPEC §3's two statuses.
    status: row.status === "paid_out" ? "paid_out" : "active",
    title: texts.title ?? row.sysname,
    ...(opts.description ? { description: texts.description ?? "" } : {}),
    amount: money(row.amount),
    loss: money(row.loss),
    percent: row.percent,
    period_start: row.period_start,
    end_date: row.end_date,
    receiving_expired_at: row.receiving_expired_at,
    is_expired: row.status === "active" && claimOver(row, opts.now),
  };
}
