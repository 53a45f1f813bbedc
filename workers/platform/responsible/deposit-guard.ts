import { PlatformError } from "../../../app/lib/api/errors";
import { formatMoney } from "../../../app/lib/money";
import { formatDay } from "./dates";
import { availableUnderLimit, playerCurrency } from "./deposit-limit";
import { loadLimit } from "./limits-store";
import { assertNotSelfExcluded } from "./self-exclusion";

/**
 * Responsible gaming's word on a deposit (SPEC §9 limits and self-exclusion): throws
 * BillingDepositLimitExceeded when `amount` (minor units) would go past a deposit limit, and
 * AccessDenied while the player is self-excluded. The cashier calls it before creating a deposit.
 *
 * Deposits that are new or pending count against the limit too (depositedSince), so starting
 * several payments at once cannot pass it. Two deposits started in the same instant may both
 * pass the check; the window is then over by at most one deposit, and the next is refused.
 */
export async function assertDepositAllowed(db: D1Database, uid: number, amount: number, now = Date.now()): Promise<void> {
  await assertNotSelfExcluded(db, uid, now);
  const left = await availableUnderLimit(db, uid, await loadLimit(db, uid, now), now);
  if (!left || amount <= left.available) return;
  const currency = await playerCurrency(db, uid);
  const shown = formatMoney({ amount: left.available, currency });
  throw new PlatformError(
    "BillingDepositLimitExceeded",
    `This deposit would exceed your deposit limit. You can deposit up to ${shown} until ${formatDay(left.windowEnd)}.`,
    { params: { available_amount: left.available, currency, expired_at: left.windowEnd } },
  );
}
