import type { WithdrawalHold, WithdrawalTracker } from "../../../core/api/entities-cashier";
import { formatMoneySql } from "../../../core/money";
import { owedPushesSql } from "../push/send";

/**
 * A withdrawal's stages (issue 43, decision 0112): requested → approved → sent → paid. Until it is
 * approved it waits for the automatic checks and, when its request called for one, a hold decided
 * then from the player's records: `verification` (their identity is under review), `bonus` (a bonus
 * was completed in the last three days: its winnings are checked against its rules), `review` (an
 * amount at or above REVIEW_AMOUNT). Once approved it is sent with the next payout run, and the
 * payment system pays it PSP_MS later. Every stage's time is the time it happened in the demo's
 * back office and payment system — approval at the end of the checks or the hold, not when a
 * cashier read or the clock noticed it — so the published approval times are the real ones.
 * Stage times only move forward; each step is a guarded UPDATE, run by reconcile.ts on cashier
 * reads and by the player's clock.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The demo payout: a withdrawal without a hold is paid this long after it was requested. */
export const PAYOUT_DELAY_MS = 24 * HOUR;
/** The automatic checks (limits, fraud, duplicate requisites): every withdrawal waits this long for its approval at least. */
export const CHECKS_MS = 15 * MINUTE;
/** An approved withdrawal is sent with the next payout run, at most this long after. */
export const SEND_MS = 30 * MINUTE;
/** The payment system's processing of a sent withdrawal: what is left of PAYOUT_DELAY_MS. */
export const PSP_MS = PAYOUT_DELAY_MS - CHECKS_MS - SEND_MS;
/** From this amount (minor units, any currency) the payments team reviews a withdrawal, within REVIEW_MS. */
export const REVIEW_AMOUNT = 100_000;
export const REVIEW_MS = 4 * HOUR;
/** A bonus completed this recently holds a withdrawal for its check, within BONUS_CHECK_MS. */
export const BONUS_RECENT_MS = 3 * 24 * HOUR;
export const BONUS_CHECK_MS = 2 * HOUR;
/** A withdrawal waiting for the verification asks again this often whether the identity is verified. */
export const VERIFY_POLL_MS = 15 * MINUTE;
/** The window of the published approval times. */
export const PUBLISHED_DAYS = 7;

/** The stage columns of a withdrawal row. */
export interface StageColumns {
  type: "deposit" | "withdrawal";
  status: string;
  hold: WithdrawalHold | null;
  hold_until: number | null;
  approved_at: number | null;
  sent_at: number | null;
  paid_at: number | null;
  settle_at: number | null;
  polled_at: number | null;
  created_at: number;
}

/**
 * The hold a new withdrawal starts with, as SQL for its INSERT (on the player's tables): ?2 the
 * player, ?3 the amount, ?9 now; `onVerification` whether their identity is under review (D1's
 * users row, read before). The most binding first: a verification, then a bonus check, then a review.
 */
export function holdSql(onVerification: boolean): string {
  return `(CASE WHEN ${onVerification ? 1 : 0} THEN 'verification'
    WHEN EXISTS (SELECT 1 FROM player_bonuses WHERE uid = ?2 AND status = 'wagered' AND finished_at > ?9 - ${BONUS_RECENT_MS}) THEN 'bonus'
    WHEN ?3 >= ${REVIEW_AMOUNT} THEN 'review' END)`;
}

/** A timed hold's end, from the hold's SQL (`h`): null without one, and for the verification, whose end is not known. */
export const holdUntilSql = (h: string): string => `CASE ${h} WHEN 'review' THEN ?9 + ${REVIEW_MS} WHEN 'bonus' THEN ?9 + ${BONUS_CHECK_MS} END`;

/** When it is expected paid: the approval's time (the checks' end or the hold's), then sending and payment; null under a verification. */
export const expectedPaidSql = (h: string): string =>
  `CASE ${h} WHEN 'verification' THEN NULL ELSE MAX(?9 + ${CHECKS_MS}, COALESCE(${holdUntilSql(h)}, 0)) + ${SEND_MS + PSP_MS} END`;

/** When an unapproved withdrawal is approved (SQL on its row): the checks' end or its hold's, whichever is later. */
const APPROVAL = `MAX(created_at + ${CHECKS_MS}, COALESCE(hold_until, 0))`;

/**
 * When a pending withdrawal's next stage is due (SQL on its row): its approval, its sending, its
 * payment; for one waiting for the verification, the next time to ask about it.
 */
export const NEXT_STAGE_SQL = `CASE
  WHEN approved_at IS NULL AND hold = 'verification' AND hold_until IS NULL THEN COALESCE(polled_at, created_at) + ${VERIFY_POLL_MS}
  WHEN approved_at IS NULL THEN ${APPROVAL}
  WHEN sent_at IS NULL THEN approved_at + ${SEND_MS}
  ELSE sent_at + ${PSP_MS} END`;

/** The outbox kind of an approval, for the site's published times (deliveries.ts), and a withdrawal's approval's key. */
export const APPROVED_KIND = "withdrawals.approved";
export const approvedKey = (id: string) => `${APPROVED_KIND}:${id}`;

/**
 * The batch that moves the player's pending withdrawals on at `now` (their tables; ?1 uid, ?2 now):
 * approvals (each owing the site its record, in the player's outbox), then sending, then payment
 * (no money moves: the amount left the balance when the withdrawal was made). A withdrawal due for
 * several stages takes them all, each at its own time, and a payment owes the player its push. The
 * first statement answers the approved ids.
 */
export function stageStatements(db: D1Database, uid: number, now: number): D1PreparedStatement[] {
  const pending = "uid = ?1 AND type = 'withdrawal' AND status = 'pending'";
  return [
    db
      .prepare(
        `UPDATE cashier_transactions SET approved_at = ${APPROVAL}, settle_at = ${APPROVAL} + ${SEND_MS + PSP_MS}, updated_at = ?2
         WHERE ${pending} AND approved_at IS NULL AND (hold IS NOT 'verification' OR hold_until IS NOT NULL) AND ${APPROVAL} <= ?2
         RETURNING id`,
      )
      .bind(uid, now),
    // The approvals just made are the pending rows approved, not sent, and changed at `now`.
    db
      .prepare(
        `INSERT INTO player_outbox (key, kind, body, created_at, next_at)
         SELECT '${APPROVED_KIND}:' || id, '${APPROVED_KIND}', json_object('id', id, 'uid', uid, 'method', method, 'hold', hold,
           'requested_at', created_at, 'approved_at', approved_at), ?2, ?2
         FROM cashier_transactions WHERE ${pending} AND approved_at IS NOT NULL AND sent_at IS NULL AND updated_at = ?2
         ON CONFLICT (key) DO NOTHING`,
      )
      .bind(uid, now),
    db
      .prepare(
        `UPDATE cashier_transactions SET sent_at = approved_at + ${SEND_MS}, updated_at = ?2
         WHERE ${pending} AND approved_at IS NOT NULL AND sent_at IS NULL AND approved_at + ${SEND_MS} <= ?2`,
      )
      .bind(uid, now),
    db
      .prepare(
        `UPDATE cashier_transactions SET status = 'success', paid_at = sent_at + ${PSP_MS}, settle_at = sent_at + ${PSP_MS}, updated_at = ?2
         WHERE ${pending} AND sent_at IS NOT NULL AND sent_at + ${PSP_MS} <= ?2`,
      )
      .bind(uid, now),
    // A withdrawal just paid owes the player its push (topic withdrawals, decision 0114), in the paying
    // batch: the rows this batch paid are the paid ones changed at `now` (a paid row never changes again).
    db
      .prepare(
        owedPushesSql(
          {
            uid: "uid",
            key: "'withdrawal-paid:' || id",
            topic: "withdrawals",
            title: { message: "push.withdrawalPaid.title" },
            body: { message: "push.withdrawalPaid.body", params: { amount: formatMoneySql("amount", "currency") } },
            url: "'/cashier/receipt?transaction=' || id",
          },
          "FROM cashier_transactions WHERE uid = ?1 AND type = 'withdrawal' AND status = 'success' AND updated_at = ?2 AND paid_at IS NOT NULL",
          "?2",
        ),
      )
      .bind(uid, now),
  ];
}

/** The tracker of a withdrawal row (null for a deposit): its stages, what it waits for, when each is expected. */
export function trackerOf(row: StageColumns): WithdrawalTracker | null {
  if (row.type !== "withdrawal") return null;
  const pending = row.status === "pending" || row.status === "new";
  // When it is (or was) approved: the checks' end or its hold's; under a verification, unknown until it ends.
  const held = row.hold === "verification" ? row.hold_until : (row.hold_until ?? 0);
  const approval = row.approved_at ?? (held === null ? null : Math.max(row.created_at + CHECKS_MS, held));
  const waiting = !pending ? null : row.approved_at === null ? (row.hold ?? "checks") : row.sent_at === null ? "sending" : "paying";
  const next = !pending ? null : waiting === "sending" ? row.approved_at! + SEND_MS : waiting === "paying" ? row.sent_at! + PSP_MS : approval;
  return {
    requested_at: row.created_at,
    approved_at: row.approved_at,
    sent_at: row.sent_at,
    paid_at: row.paid_at,
    hold: row.hold,
    waiting,
    next_at: next,
    expected_paid_at: !pending ? row.paid_at : approval === null ? null : (row.sent_at ?? approval + SEND_MS) + PSP_MS,
  };
}

/** Delivers an approval to the site's record (D1), once by the withdrawal's id; `uid`: whose outbox owed it. */
export async function recordApproval(env: Pick<Env, "DB">, uid: number, body: unknown): Promise<void> {
  const a = (body ?? {}) as Record<string, unknown>;
  const ok =
    a.uid === uid &&
    typeof a.id === "string" &&
    typeof a.method === "string" &&
    (a.hold === null || a.hold === "review" || a.hold === "verification" || a.hold === "bonus") &&
    Number.isSafeInteger(a.requested_at) &&
    Number.isSafeInteger(a.approved_at) &&
    (a.approved_at as number) >= (a.requested_at as number);
  if (!ok) throw new TypeError(`${APPROVED_KIND}: not an approval of player ${uid}`);
  await env.DB.prepare(
    `INSERT INTO withdrawal_approvals (id, uid, method, hold, requested_at, approved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (id) DO NOTHING`,
  )
    .bind(a.id, uid, a.method, a.hold, a.requested_at, a.approved_at)
    .run();
}

/** The published approval times: over the last PUBLISHED_DAYS, how many, and the median and 95th percentile (nearest rank). */
export interface PayoutTimes {
  days: number;
  count: number;
  median_ms: number;
  p95_ms: number;
}

/**
 * The site's approval times over the last PUBLISHED_DAYS at `now`, from D1's record of every
 * approval; null when there was none. Nearest rank: the ⌈p·n⌉-th smallest.
 */
export async function publishedTimes(db: D1Database, now: number): Promise<PayoutTimes | null> {
  const row = await db
    .prepare(
      `WITH d AS (SELECT approved_at - requested_at AS ms, ROW_NUMBER() OVER (ORDER BY approved_at - requested_at) AS r, COUNT(*) OVER () AS n
                  FROM withdrawal_approvals WHERE approved_at > ?1 AND approved_at <= ?2)
       SELECT MAX(n) AS n, MAX(CASE WHEN r = (n + 1) / 2 THEN ms END) AS median, MAX(CASE WHEN r = (95 * n + 99) / 100 THEN ms END) AS p95 FROM d`,
    )
    .bind(now - PUBLISHED_DAYS * 24 * HOUR, now)
    .first<{ n: number | null; median: number | null; p95: number | null }>();
  if (!row?.n) return null;
  return { days: PUBLISHED_DAYS, count: row.n, median_ms: row.median!, p95_ms: row.p95! };
}
