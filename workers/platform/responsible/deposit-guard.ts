import { PlatformError } from "../../../core/api/errors";
import { formatMoney } from "../../../core/money";
import { formatDay } from "./dates";
import { availableUnderLimit, playerCurrency } from "./deposit-limit";
import { windowAt } from "./limit-rules";
import { loadLimit } from "./limits-store";
import { assertNotSelfExcluded } from "./self-exclusion";

/**
 * Responsible gaming's word on a deposit (SPEC §9 limits and self-exclusion): throws
 * BillingDepositLimitExceeded when `amount` (minor units) would go past a deposit limit, and
 * AccessDenied while the player is self-excluded. The cashier calls it before creating a deposit.
 * `limitRequired` (the player's market: core/jurisdictions.ts `requiredBeforeDeposit`): without a
 * limit set, BillingDepositLimitExceeded with `params.limit_required`.
 *
 * Deposits that are new or pending count against the limit too (depositedSince), so starting
 * several payments at once cannot pass it. Two deposits started in the same instant may both
 * pass this check: the cashier looks again once its deposit is recorded (`depositsOverLimit`).
 */
export async function assertDepositAllowed(db: D1Database, uid: number, amount: number, now = Date.now(), limitRequired = false): Promise<void> {
  await assertNotSelfExcluded(db, uid, now);
  const state = await loadLimit(db, uid, now);
  // Where the market asks for it (Sweden), no deposit without a limit of the player's own.
  if (limitRequired && !state.current) {
    throw new PlatformError("BillingDepositLimitExceeded", "Set a deposit limit before your first deposit", { params: { limit_required: true } });
  }
  const left = await availableUnderLimit(db, uid, state, now);
  if (!left || amount <= left.available) return;
  throw await limitExceeded(db, uid, left);
}

/**
 * The check after the write: whether the just-recorded deposit `mine`, counted with the window's
 * deposits recorded before it (new, pending and paid), goes over the limit. First come, first
 * served: of deposits started at the same instant the earliest that fit stand, and none of the
 * later ones can pass together. The cashier then drops its deposit and answers `depositLimitError`.
 */
export async function depositsOverLimit(db: D1Database, uid: number, mine: { id: string; created_at: number }, now = Date.now()): Promise<boolean> {
  const state = await loadLimit(db, uid, now);
  if (!state.current) return false;
  const { start } = windowAt(state.current, now);
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(amount), 0) AS used FROM cashier_transactions
       WHERE uid = ?1 AND type = 'deposit' AND status IN ('new', 'pending', 'success') AND created_at >= ?2
         AND (created_at < ?3 OR (created_at = ?3 AND id <= ?4))`,
    )
    .bind(uid, start, mine.created_at, mine.id)
    .first<{ used: number }>();
  return (row?.used ?? 0) > state.current.amount;
}

/** BillingDepositLimitExceeded with what the current window leaves now. */
export async function depositLimitError(db: D1Database, uid: number, now = Date.now()): Promise<PlatformError> {
  const left = await availableUnderLimit(db, uid, await loadLimit(db, uid, now), now);
  return limitExceeded(db, uid, left ?? { available: 0, windowEnd: now });
}

async function limitExceeded(db: D1Database, uid: number, left: { available: number; windowEnd: number }): Promise<PlatformError> {
  const currency = await playerCurrency(db, uid);
  const shown = formatMoney({ amount: left.available, currency });
  return new PlatformError(
    "BillingDepositLimitExceeded",
    `This deposit would exceed your deposit limit. You can deposit up to ${shown} until ${formatDay(left.windowEnd)}.`,
    { params: { available_amount: left.available, currency, expired_at: left.windowEnd } },
  );
}
