/**
 * The amount a jackpot counter shows `elapsed` ms into counting from `from` to `to` (minor units):
 * ease-out over `duration`, whole cents, never past the target, exactly the target at the end.
 */
export function countUpAt(from: number, to: number, elapsed: number, duration: number): number {
  if (elapsed >= duration || from === to) return to;
  const t = Math.max(0, elapsed) / duration;
  const eased = 1 - (1 - t) ** 3;
  const value = Math.round(from + (to - from) * eased);
  return to > from ? Math.min(value, to) : Math.max(value, to);
}

/**
 * A text as wide as any the counter shows between two amounts: the larger one with cents (SPEC §9
 * drops ".00", so "$1,240" is narrower than "$1,239.99"). With tabular digits, the counter's box
 * holds this width and never shifts the layout while it counts.
 */
export function widestAmount(from: number, to: number): number {
  const max = Math.max(from, to);
  return max % 100 === 0 ? max + 1 : max;
}
