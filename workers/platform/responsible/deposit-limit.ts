import type { DepositLimit, DepositLimitPeriod } from "../../../core/api/entities-responsible";
import { loadUser } from "../account/users";
import { depositedSince } from "../cashier/deposit-totals";
import { windowAt, type LimitState } from "./limit-rules";
import { loadLimit } from "./limits-store";

/** account.getDepositLimit's answer, and what the deposit guard needs of it. */

const periodOf = (days: number | undefined): DepositLimitPeriod => (days ? (String(days) as DepositLimitPeriod) : "none");

/** The player's currency, from the row a page render's other calls read too (core/render-reads.ts: read once). */
export async function playerCurrency(db: D1Database, uid: number): Promise<string> {
  return (await loadUser(db, uid))?.currency ?? "USD";
}

/** What the limit leaves in its current window (minor units) and when that window ends; null without a limit. */
export async function availableUnderLimit(
  db: D1Database,
  uid: number,
  state: LimitState,
  now: number,
): Promise<{ available: number; windowEnd: number } | null> {
  if (!state.current) return null;
  const { start, end } = windowAt(state.current, now);
  const used = await depositedSince(db, uid, start);
  return { available: Math.max(0, state.current.amount - used), windowEnd: end };
}

/**
 * The limit as the contract shows it. can_edit is always true: a player may always ask for a
 * stricter limit (applied at once), and a raise is held back by the cooling-off, not refused.
 */
export async function describeLimit(db: D1Database, uid: number, state: LimitState, now: number): Promise<DepositLimit> {
  const currency = await playerCurrency(db, uid);
  const money = (amount: number) => ({ amount, currency });
  const left = await availableUnderLimit(db, uid, state, now);
  const p = state.pending;
  return {
    period: periodOf(state.current?.days),
    limit_amount: state.current ? money(state.current.amount) : null,
    available_amount: left ? money(left.available) : null,
    expired_at: left?.windowEnd ?? null,
    can_edit: true,
    pending: p ? { period: periodOf(p.days), limit_amount: p.amount === null ? null : money(p.amount), effective_at: p.effectiveAt } : null,
  };
}

export async function readDepositLimit(db: D1Database, uid: number, now = Date.now()): Promise<DepositLimit> {
  return describeLimit(db, uid, await loadLimit(db, uid, now), now);
}
