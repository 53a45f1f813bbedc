import { PlatformError } from "../../../core/api/errors";
import { formatMoney } from "../../../core/money";
import { depositedSince } from "../cashier/deposit-totals";
import { formatDay } from "./dates";
import { playerCurrency } from "./deposit-limit";
import { windowAt } from "./limit-rules";
import { loadLimit } from "./limits-store";
import { loadPlayLimits } from "./play-limits";
import { assertNotSelfExcluded } from "./self-exclusion";

/** A window a deposit must fit in: what may be deposited from `start` until `end` (minor units). */
export interface DepositWindow {
  amount: number;
  start: number;
  end: number;
  /** Whose it is: the player's SPEC deposit limit or one of their day/week/month limits ("player"), or their market's monthly ceiling. */
  source: "player" | "market";
}

/** What the player's market adds to their own limits (core/jurisdictions.ts `depositLimits`; market-cap.ts). */
export interface DepositMarket {
  /** No deposit without a limit of the player's own (Sweden). */
  limitRequired: boolean;
  /** No first deposit before the player answered the offer of a limit: set one, or declined (the UK). */
  limitPrompt: boolean;
  /** The market's monthly ceiling in the player's currency (Germany, the Netherlands). */
  cap: DepositWindow | null;
}

const NO_MARKET: DepositMarket = { limitRequired: false, limitPrompt: false, cap: null };

/**
 * Every window a deposit at `now` must fit in: the SPEC's deposit limit, the deposit limits per
 * day, week and month (play-limits.ts), and the market's ceiling. All hold at once.
 */
async function depositWindows(db: D1Database, uid: number, now: number, market: DepositMarket): Promise<{ windows: DepositWindow[]; own: boolean }> {
  const [spec, mine] = await Promise.all([loadLimit(db, uid, now), loadPlayLimits(db, uid, now, ["deposit"])]);
  const windows: DepositWindow[] = [];
  for (const limit of [spec.current, ...mine.map((l) => l.state.current)]) {
    if (limit) windows.push({ amount: limit.amount, ...windowAt(limit, now), source: "player" });
  }
  const own = windows.length > 0;
  if (market.cap) windows.push(market.cap);
  return { windows, own };
}

/**
 * Whether the player must still answer their market's offer of a deposit limit before a deposit:
 * the market asks it (`limitPrompt`), they have no limit of their own (`own`), never declined one
 * and never started a deposit (the prompt comes before the first).
 */
async function limitPromptDue(db: D1Database, uid: number, market: DepositMarket, own: boolean): Promise<boolean> {
  if (!market.limitPrompt || own) return false;
  const declined = await db.prepare("SELECT 1 AS x FROM limit_prompts WHERE uid = ?1").bind(uid).first();
  return !declined && (await depositedSince(db, uid, 0)) === 0;
}

/**
 * What cashier.getdepositinfo says of the player's limits, from one read of their windows: what
 * they may deposit now (`depositAllowance`'s answer) and whether the form asks first (`limit_prompt`).
 */
export async function depositStanding(
  db: D1Database,
  uid: number,
  now: number,
  market: DepositMarket,
): Promise<{ allowance: { window: DepositWindow; available: number } | null; limitPrompt: boolean }> {
  const { windows, own } = await depositWindows(db, uid, now, market);
  const [allowance, limitPrompt] = await Promise.all([tightest(db, uid, windows), limitPromptDue(db, uid, market, own)]);
  return { allowance, limitPrompt };
}

/** account.declineLimitPrompt: the player's "no limit for now", recorded once (its first time kept). */
export async function declineLimitPrompt(db: D1Database, uid: number, now: number): Promise<void> {
  await db.prepare("INSERT INTO limit_prompts (uid, declined_at) VALUES (?1, ?2) ON CONFLICT (uid) DO NOTHING").bind(uid, now).run();
}

/** Whether the player has a deposit limit of their own in force (the SPEC's or one per day, week or month). */
export async function hasDepositLimit(db: D1Database, uid: number, now: number): Promise<boolean> {
  return (await depositWindows(db, uid, now, NO_MARKET)).own;
}

/** The window with least left, and what it leaves now; null without any. */
async function tightest(db: D1Database, uid: number, windows: DepositWindow[]): Promise<{ window: DepositWindow; available: number } | null> {
  let best: { window: DepositWindow; available: number } | null = null;
  for (const window of windows) {
    const available = Math.max(0, window.amount - (await depositedSince(db, uid, window.start)));
    if (!best || available < best.available) best = { window, available };
  }
  return best;
}

/** What the player may deposit now under every window (the tightest's room), and that window; null without any. */
export async function depositAllowance(
  db: D1Database,
  uid: number,
  now: number,
  market: DepositMarket,
): Promise<{ window: DepositWindow; available: number } | null> {
  return tightest(db, uid, (await depositWindows(db, uid, now, market)).windows);
}

/**
 * Responsible gaming's word on a deposit (SPEC §9 limits and self-exclusion): throws
 * BillingDepositLimitExceeded when `amount` (minor units) would go past any deposit limit or the
 * market's ceiling, and AccessDenied while the player is self-excluded. The cashier calls it before
 * creating a deposit. Where the market asks for it (`market.limitRequired`), a player without a
 * limit of their own is refused with `params.limit_required`.
 *
 * Deposits that are new or pending count against the limit too (depositedSince), so starting
 * several payments at once cannot pass it. Two deposits started in the same instant may both
 * pass this check: the cashier looks again once its deposit is recorded (`depositsOverLimit`).
 */
export async function assertDepositAllowed(db: D1Database, uid: number, amount: number, now = Date.now(), market: DepositMarket = NO_MARKET): Promise<void> {
  await assertNotSelfExcluded(db, uid, now);
  const { windows, own } = await depositWindows(db, uid, now, market);
  if (market.limitRequired && !own) {
    throw new PlatformError("BillingDepositLimitExceeded", "Set a deposit limit before your first deposit", { params: { limit_required: true } });
  }
  if (await limitPromptDue(db, uid, market, own)) {
    throw new PlatformError("BillingDepositLimitExceeded", "Choose whether to set a deposit limit before your first deposit", {
      params: { limit_prompt: true },
    });
  }
  const left = await tightest(db, uid, windows);
  if (!left || amount <= left.available) return;
  throw await limitExceeded(db, uid, left);
}

/**
 * The check after the write: whether the just-recorded deposit `mine`, counted with each window's
 * deposits recorded before it (new, pending and paid), goes over a limit. First come, first
 * served: of deposits started at the same instant the earliest that fit stand, and none of the
 * later ones can pass together. The cashier then drops its deposit and answers `depositLimitError`.
 */
export async function depositsOverLimit(
  db: D1Database,
  uid: number,
  mine: { id: string; created_at: number },
  now = Date.now(),
  market: DepositMarket = NO_MARKET,
): Promise<boolean> {
  const { windows } = await depositWindows(db, uid, now, market);
  for (const w of windows) {
    const row = await db
      .prepare(
        `SELECT COALESCE(SUM(amount), 0) AS used FROM cashier_transactions
         WHERE uid = ?1 AND type = 'deposit' AND status IN ('new', 'pending', 'success') AND created_at >= ?2
           AND (created_at < ?3 OR (created_at = ?3 AND id <= ?4))`,
      )
      .bind(uid, w.start, mine.created_at, mine.id)
      .first<{ used: number }>();
    if ((row?.used ?? 0) > w.amount) return true;
  }
  return false;
}

/** BillingDepositLimitExceeded with what the tightest window leaves now. */
export async function depositLimitError(db: D1Database, uid: number, now = Date.now(), market: DepositMarket = NO_MARKET): Promise<PlatformError> {
  const left = await depositAllowance(db, uid, now, market);
  return limitExceeded(db, uid, left ?? { window: { amount: 0, start: now, end: now, source: "player" }, available: 0 });
}

async function limitExceeded(db: D1Database, uid: number, left: { window: DepositWindow; available: number }): Promise<PlatformError> {
  const currency = await playerCurrency(db, uid);
  const shown = formatMoney({ amount: left.available, currency });
  const whose = left.window.source === "market" ? "your market's monthly deposit limit" : "your deposit limit";
  return new PlatformError(
    "BillingDepositLimitExceeded",
    `This deposit would exceed ${whose}. You can deposit up to ${shown} until ${formatDay(left.window.end)}.`,
    { params: { available_amount: left.available, currency, expired_at: left.window.end, limit: left.window.source } },
  );
}
