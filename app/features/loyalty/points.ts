import { formatWhole } from "../../../core/numbers";

/** Points as the loyalty pages show them: whole numbers with thousands commas (like SPEC §9 money, the same on server and browser). */
export const formatPoints = formatWhole;

/** Basis points as a percentage with up to two decimals: 125 → "1.25", 100 → "1". */
export function formatRate(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = Math.abs(bp % 100);
  return fraction ? `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}` : String(whole);
}
