/** Reconnect delays: 1 s doubling to a 30 s cap, each drawn in [½, 1] of its step ("equal jitter"). */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a drop). The jitter spreads
 * a crowd of clients that lost the connection together (a deploy) so they do not return at once.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, Math.min(attempt, 16)));
  return Math.round(step / 2 + (step / 2) * random());
}
