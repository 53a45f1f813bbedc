import type { Money } from "../../../core/api/entities";
import { PLAY_LIMIT_DAYS, PLAY_LIMIT_PERIODS, type PlayLimit, type PlayLimitKind, type PlayLimitPeriod } from "../../../core/api/entities-responsible";
import { PlatformError } from "../../../core/api/errors";
import { formatMoney } from "../../../core/money";
import { depositedSince } from "../cashier/deposit-totals";
import { formatDay } from "./dates";
import { applyDue, DEFAULT_RAISE, type LimitState, type RaiseRules, requestLimit, windowAt } from "./limit-rules";

/**
 * The limits a player sets beside the SPEC's deposit limit (issue 40, decision 0087): deposits, net
 * losses and amounts staked, per day, week and month, all in force together. Each is one row of
 * `play_limits` (player/tables.ts, the player's object) and follows the deposit limit's rules
 * (limit-rules.ts): fixed windows from when it was first set, a stricter one at once, a raise or a
 * removal after the market's cooling-off.
 *
 * Deposits are held by the cashier's guard (deposit-guard.ts); stakes by the round's and the bet's
 * own INSERT (`playLimitGate`), so two rounds at once cannot both pass a limit one of them fills.
 * What a window used is read from the rows the money moved by: a real round's bet and win
 * (free rounds are not the player's stake), a sports bet's stake and payout, by when they were played.
 */

const DAY = 86_400_000;

interface LimitRow {
  kind: PlayLimitKind;
  period_days: number;
  limit_amount: number | null;
  anchor_at: number;
  pending_amount: number | null;
  pending_effective_at: number | null;
}

/** One of the player's limits, as its rules see it. */
export interface PlayLimitState {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  state: LimitState;
}

const periodOf = (days: number): PlayLimitPeriod => PLAY_LIMIT_PERIODS.find((p) => PLAY_LIMIT_DAYS[p] === days) ?? "month";

function fromRow(r: LimitRow): PlayLimitState {
  return {
    kind: r.kind,
    period: periodOf(r.period_days),
    state: {
      current: r.limit_amount === null ? null : { days: r.period_days, amount: r.limit_amount, anchor: r.anchor_at },
      pending:
        r.pending_effective_at === null
          ? null
          : { days: r.pending_amount === null ? 0 : r.period_days, amount: r.pending_amount, effectiveAt: r.pending_effective_at },
    },
  };
}

/**
 * The player's limits at `now`, a raise or removal whose time has come applied. The write that
 * applies it names the pending time it read, so two readers apply it once.
 */
export async function loadPlayLimits(db: D1Database, uid: number, now: number, kinds?: readonly PlayLimitKind[]): Promise<PlayLimitState[]> {
  const { results } = await db
    .prepare("SELECT * FROM play_limits WHERE uid = ?1 AND (?2 IS NULL OR kind IN (SELECT value FROM json_each(?2))) ORDER BY kind, period_days")
    .bind(uid, kinds ? JSON.stringify(kinds) : null)
    .all<LimitRow>();
  const limits: PlayLimitState[] = [];
  for (const row of results) {
    const stored = fromRow(row);
    const state = applyDue(stored.state, now);
    if (state !== stored.state) await saveOne(db, uid, { ...stored, state }, now, stored.state.pending?.effectiveAt ?? null);
    if (state.current) limits.push({ ...stored, state });
  }
  return limits;
}

/** Stores one limit (a removed one goes); with `ifPendingAt`, only if the row still holds that pending time. */
async function saveOne(db: D1Database, uid: number, l: PlayLimitState, now: number, ifPendingAt?: number | null): Promise<void> {
  const days = PLAY_LIMIT_DAYS[l.period];
  const { current, pending } = l.state;
  const guard = ifPendingAt === undefined ? "" : " AND pending_effective_at IS ?9";
  if (!current) {
    await db
      .prepare(`DELETE FROM play_limits WHERE uid = ?1 AND kind = ?2 AND period_days = ?3${guard.replace("?9", "?4")}`)
      .bind(uid, l.kind, days, ...(ifPendingAt === undefined ? [] : [ifPendingAt]))
      .run();
    return;
  }
  const values = [uid, l.kind, days, current.amount, current.anchor, pending?.amount ?? null, pending?.effectiveAt ?? null, now];
  if (ifPendingAt !== undefined) {
    await db
      .prepare(
        `UPDATE play_limits SET limit_amount = ?4, anchor_at = ?5, pending_amount = ?6, pending_effective_at = ?7, updated_at = ?8
         WHERE uid = ?1 AND kind = ?2 AND period_days = ?3${guard}`,
      )
      .bind(...values, ifPendingAt)
      .run();
    return;
  }
  await db
    .prepare(
      `INSERT INTO play_limits (uid, kind, period_days, limit_amount, anchor_at, pending_amount, pending_effective_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (uid, kind, period_days) DO UPDATE SET limit_amount = ?4, anchor_at = ?5, pending_amount = ?6,
         pending_effective_at = ?7, updated_at = ?8`,
    )
    .bind(...values)
    .run();
}

/** account.setLimit: `amount` (minor units) or null to remove, under the market's raise rules. */
export async function setPlayLimit(
  db: D1Database,
  uid: number,
  kind: PlayLimitKind,
  period: PlayLimitPeriod,
  amount: number | null,
  now: number,
  rules: RaiseRules = DEFAULT_RAISE,
): Promise<void> {
  const days = PLAY_LIMIT_DAYS[period];
  const existing = (await loadPlayLimits(db, uid, now, [kind])).find((l) => l.period === period);
  const before: LimitState = existing?.state ?? { current: null, pending: null };
  const state = requestLimit(before, amount === null ? null : { days, amount }, now, rules);
  if (!state.current && !existing) return;
  await saveOne(db, uid, { kind, period, state }, now);
}

/**
 * A limit's windows in SQL: `uid`, `now` name the statement's parameters. A raise whose time has
 * come counts at once (a removal: no limit), before a read applies it. The division is cast: a
 * time bound as a real number would divide exactly and put every window's start at `now`.
 */
const limitsInForce = (uid: string, now: string) =>
  `SELECT kind, period_days,
     CASE WHEN pending_effective_at IS NOT NULL AND pending_effective_at <= ${now} THEN pending_amount ELSE limit_amount END AS amount,
     anchor_at + CAST(MAX(0, ${now} - anchor_at) / (period_days * ${DAY}) AS INTEGER) * (period_days * ${DAY}) AS start
   FROM play_limits WHERE uid = ${uid} AND kind IN ('loss', 'wager')`;

/** Stakes (`staked`) and wins (`won`) of real play since each loss and wager limit's window began. */
const playInWindows = (uid: string, now: string) =>
  `SELECT l.kind, l.period_days, l.amount, l.start,
     (SELECT COALESCE(SUM(bet), 0) FROM game_rounds WHERE uid = ${uid} AND mode = 'real' AND freespin_id IS NULL AND created_at >= l.start)
       + (SELECT COALESCE(SUM(stake), 0) FROM sport_bets WHERE uid = ${uid} AND placed_at >= l.start) AS staked,
     (SELECT COALESCE(SUM(win), 0) FROM game_rounds WHERE uid = ${uid} AND mode = 'real' AND freespin_id IS NULL AND created_at >= l.start)
       + (SELECT COALESCE(SUM(payout), 0) FROM sport_bets WHERE uid = ${uid} AND placed_at >= l.start AND payout IS NOT NULL) AS won
   FROM (${limitsInForce(uid, now)}) l WHERE l.amount IS NOT NULL`;

/** What a stake of `stake` would bring a window to: the amounts staked, or the net loss. */
const afterStake = (stake: string) => `CASE kind WHEN 'wager' THEN staked ELSE staked - won END + ${stake}`;

/**
 * The condition a real round's or bet's INSERT adds to its gate: no loss or wager limit of the
 * player's that `stake` would take past its amount in the current window. Checked in the statement
 * that records the stake, so it holds however many rounds run at once.
 */
export const playLimitGate = (uid: string, stake: string, now: string) =>
  `NOT EXISTS (SELECT 1 FROM (${playInWindows(uid, now)}) WHERE ${afterStake(stake)} > amount)`;

interface WindowRow {
  kind: "loss" | "wager";
  period_days: number;
  amount: number;
  start: number;
  staked: number;
  won: number;
}

/** What a window's play counts against its limit: the stakes, or the net loss (below 0 when the player is up). */
const spentOf = (r: WindowRow) => (r.kind === "wager" ? r.staked : r.staked - r.won);
const usedOf = (r: WindowRow) => Math.max(0, spentOf(r));

/**
 * The same rule, asked again once a gate held a stake back, for a refusal that says which limit and
 * what it leaves: InvalidParameter on `field` (the round's bet, the slip's stake) with params.limit;
 * null when no limit holds it (the gate refused for another reason).
 */
export async function playLimitRefusal(db: D1Database, uid: number, stake: number, field: string, now = Date.now()): Promise<PlatformError | null> {
  const { results } = await db.prepare(playInWindows("?1", "?2")).bind(uid, now).all<WindowRow>();
  const over = results.filter((r) => spentOf(r) + stake > r.amount).sort((a, b) => a.amount - usedOf(a) - (b.amount - usedOf(b)))[0];
  if (!over) return null;
  const currency = (await db.prepare("SELECT currency FROM users WHERE uid = ?1").bind(uid).first<string>("currency")) ?? "";
  return playLimitError(over, currency, field);
}

function playLimitError(r: WindowRow, currency: string, field: string): PlatformError {
  const period = periodOf(r.period_days);
  const available = Math.max(0, r.amount - usedOf(r));
  const end = r.start + r.period_days * DAY;
  const shown = formatMoney({ amount: available, currency });
  const what = r.kind === "wager" ? "wager" : "loss";
  const message =
    available > 0
      ? `This stake would take you past your ${period === "day" ? "daily" : `${period}ly`} ${what} limit: you can stake up to ${shown} until ${formatDay(end)}.`
      : `You have reached your ${period === "day" ? "daily" : `${period}ly`} ${what} limit: you can play again on ${formatDay(end)}.`;
  return new PlatformError("InvalidParameter", message, {
    fields: { [field]: [message] },
    params: { limit: r.kind, period, available_amount: available, currency, expired_at: end },
  });
}

/** The player's limits as account.getLimits answers them. */
export async function describePlayLimits(db: D1Database, uid: number, currency: string, now = Date.now()): Promise<PlayLimit[]> {
  const money = (amount: number): Money => ({ amount, currency });
  const limits = await loadPlayLimits(db, uid, now);
  const windows = limits.some((l) => l.kind !== "deposit") ? (await db.prepare(playInWindows("?1", "?2")).bind(uid, now).all<WindowRow>()).results : [];
  return Promise.all(
    limits.map(async ({ kind, period, state }) => {
      const current = state.current!;
      const { start, end } = windowAt(current, now);
      const played = windows.find((w) => w.kind === kind && w.period_days === current.days);
      const used = kind === "deposit" ? await depositedSince(db, uid, start) : played ? usedOf(played) : 0;
      const p = state.pending;
      return {
        kind,
        period,
        limit_amount: money(current.amount),
        used: money(used),
        available: money(Math.max(0, current.amount - used)),
        expired_at: end,
        pending: p ? { limit_amount: p.amount === null ? null : money(p.amount), effective_at: p.effectiveAt } : null,
      };
    }),
  );
}
