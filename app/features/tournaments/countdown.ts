/** Whole days, hours, minutes and seconds left until `target` at `now` (all 0 once it has passed). */
export function timeLeft(target: number, now: number): { d: number; h: number; m: number; s: number } {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  return { d: Math.floor(total / 86_400), h: Math.floor((total % 86_400) / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/**
 * How often a countdown needs redrawing: each second in its last day (it shows seconds), else each
 * minute; never once it reached zero. A card far from its end costs one timer tick a minute.
 */
export function tickEvery(target: number, now: number): number | null {
  const left = target - now;
  if (left <= 0) return null;
  return left < 86_400_000 ? 1000 : 60_000;
}

/** The moment a tournament's countdown counts to: its start while future, its end while active. */
export function countdownTarget(t: { status: string; starts_at: number; ends_at: number }): number | null {
  return t.status === "future" ? t.starts_at : t.status === "active" ? t.ends_at : null;
}
