/**
 * The wheel's geometry: each sector's arc is proportional to its published chance, drawn clockwise
 * from the pointer at the top. Plain numbers, shared by the SVG and its tests.
 */

export interface Arc {
  /** Degrees clockwise from the top. */
  start: number;
  end: number;
  mid: number;
}

/** The arcs of sectors of these weights (chance_ppm or weight: only the proportions matter). */
export function arcsOf(weights: readonly number[]): Arc[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return weights.map((w) => {
    const start = at;
    at += total > 0 ? (w / total) * 360 : 360 / weights.length;
    return { start, end: at, mid: (start + at) / 2 };
  });
}

/** A point on a circle of radius r around (c, c), `deg` clockwise from the top. */
export function pointAt(c: number, r: number, deg: number): [number, number] {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [c + r * Math.cos(rad), c + r * Math.sin(rad)];
}

/** The SVG path of a pie slice (a whole disc when the arc is the full turn). */
export function slicePath(c: number, r: number, arc: Arc): string {
  const sweep = arc.end - arc.start;
  if (sweep >= 359.999) return `M ${c} ${c - r} A ${r} ${r} 0 1 1 ${c - 0.01} ${c - r} Z`;
  const [x1, y1] = pointAt(c, r, arc.start);
  const [x2, y2] = pointAt(c, r, arc.end);
  const f = (n: number) => n.toFixed(3);
  return `M ${c} ${c} L ${f(x1)} ${f(y1)} A ${r} ${r} 0 ${sweep > 180 ? 1 : 0} 1 ${f(x2)} ${f(y2)} Z`;
}

/** Whole turns the wheel makes before it stops (the show; the result was drawn on the server already). */
export const SPIN_TURNS = 5;

/**
 * The rotation (degrees, clockwise) that brings sector `index`'s middle under the pointer, from the
 * current rotation, always forward and by at least SPIN_TURNS whole turns when `turns` is set.
 */
export function rotationFor(current: number, arcs: readonly Arc[], index: number, turns = SPIN_TURNS): number {
  const arc = arcs[index];
  if (!arc) return current;
  const target = (360 - arc.mid) % 360;
  const from = ((current % 360) + 360) % 360;
  const forward = (target - from + 360) % 360;
  return current + turns * 360 + forward;
}

/**
 * The angle (degrees) a sector's label is turned by so that it reads along the radius and upright
 * where the wheel rests: on the right half from the hub outwards, on the left half from the rim
 * inwards (a label turned the same way all round stands upside down on the left, as on a wheel
 * printed by someone who never spun one). `rotation` is the wheel's resting turn: while it spins
 * to a new rest the labels already face that rest, so they stop upright.
 */
export function labelAngle(mid: number, rotation: number): number {
  const shown = (((mid + rotation) % 360) + 360) % 360;
  return shown > 180 ? mid + 90 : mid - 90;
}

/**
 * A prize's title as at most `maxLines` (1 or 2) lines of `perLine` characters, broken between
 * words (a word longer than a line is cut), the last line ending in "…" when the title does not fit.
 */
export function labelLines(title: string, perLine = 13, maxLines: 1 | 2 = 2): string[] {
  const text = title.trim().replace(/\s+/g, " ");
  const cut = (s: string) => (s.length > perLine ? `${s.slice(0, perLine - 1).trimEnd()}…` : s);
  if (text.length <= perLine) return [text];
  if (maxLines === 1) return [cut(text)];
  const space = text.lastIndexOf(" ", perLine);
  const first = space > 0 ? text.slice(0, space) : text.slice(0, perLine);
  const rest = text.slice(first.length).trim();
  return rest ? [first, cut(rest)] : [first];
}

/**
 * How a slice of `sweep` degrees carries its label: two short lines from 16° (the width of two
 * lines at the label's radius), one longer line from 7°, none below (its prize is in the odds table).
 */
export function sliceLabel(title: string, sweep: number): string[] {
  if (sweep >= 16) return labelLines(title, 13, 2);
  if (sweep >= 7) return labelLines(title, 18, 1);
  return [];
}
