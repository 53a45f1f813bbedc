/**
 * The deposit limit's rules, pure (decision 0012): fixed windows, what counts as stricter, and
 * the cooling-off of a raise or a removal (24 hours, or the player's market's: decision 0082). Storage is limits-store.ts; time is passed in.
 */

const DAY = 86_400_000;
/** How long a raise or a removal waits before it applies. */
export const COOLING_OFF_MS = 24 * 60 * 60 * 1000;

/** A limit in force: `amount` minor units per `days`-long window, windows counted from `anchor`. */
export interface Limit {
  days: number;
  amount: number;
  anchor: number;
}

/** A setting waiting for its cooling-off; `days` 0 removes the limit. */
export interface PendingLimit {
  days: number;
  amount: number | null;
  effectiveAt: number;
}

export interface LimitState {
  current: Limit | null;
  pending: PendingLimit | null;
}

/** What the player asks for: a limit, or null for none. */
export type LimitRequest = { days: number; amount: number } | null;

/** The fixed window of `limit` that holds `at`: [start, end). */
export function windowAt(limit: Limit, at: number): { start: number; end: number } {
  const length = limit.days * DAY;
  const start = limit.anchor + Math.floor(Math.max(0, at - limit.anchor) / length) * length;
  return { start, end: start + length };
}

/**
 * A change that protects the player more: a first limit, a smaller amount over at least as long a
 * period, or the same amount over a longer one. Anything else (more money, a shorter period, no
 * limit) raises it. A smaller amount over a shorter period can let more through per month, so it
 * counts as a raise too.
 */
export function isStricter(request: LimitRequest, current: Limit | null): boolean {
  if (!current) return request !== null;
  if (!request) return false;
  return request.amount <= current.amount && request.days >= current.days;
}

/**
 * A limit that replaces `previous` at `at`. Its windows start where the previous limit's current
 * window started, so deposits already made in that window still count: lowering a limit never
 * opens a fresh allowance.
 */
function successor(previous: Limit | null, days: number, amount: number, at: number): Limit {
  return { days, amount, anchor: previous ? windowAt(previous, at).start : at };
}

/** Applies a pending setting whose time has come. */
export function applyDue(state: LimitState, now: number): LimitState {
  const p = state.pending;
  if (!p || p.effectiveAt > now) return state;
  const current = p.days === 0 || p.amount === null ? null : successor(state.current, p.days, p.amount, p.effectiveAt);
  return { current, pending: null };
}

/** How a market makes a raise wait (core/jurisdictions.ts `depositLimits`). */
export interface RaiseRules {
  raiseWaitMs: number;
  raiseAfterPeriod: boolean;
}

/** The product's own rule, where no market asks for more. */
export const DEFAULT_RAISE: RaiseRules = { raiseWaitMs: COOLING_OFF_MS, raiseAfterPeriod: false };

/**
 * The state after the player asks for `request` at `now`: stricter applies at once (and drops a
 * pending raise, which it supersedes); a raise or removal waits `rules.raiseWaitMs` and, where the
 * market says so, also the end of the current limit's period. Asking again for the same pending
 * raise keeps its original time.
 */
export function requestLimit(state: LimitState, request: LimitRequest, now: number, rules: RaiseRules = DEFAULT_RAISE): LimitState {
  const s = applyDue(state, now);
  if (!s.current && !request) return { current: null, pending: null };
  if (isStricter(request, s.current)) {
    return { current: successor(s.current, request!.days, request!.amount, now), pending: null };
  }
  const days = request?.days ?? 0;
  const amount = request?.amount ?? null;
  if (s.pending && s.pending.days === days && s.pending.amount === amount) return s;
  const waited = now + rules.raiseWaitMs;
  const effectiveAt = rules.raiseAfterPeriod && s.current ? Math.max(waited, windowAt(s.current, now).end) : waited;
  return { current: s.current, pending: { days, amount, effectiveAt } };
}
