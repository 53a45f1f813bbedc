import { systemName } from "../../../core/system-bets";
import type { TFunction } from "../../lib/i18n/translate";

/**
 * A system bet's name as the slip, the receipt and the bets page say it (decision 0106): "Trixie",
 * "Doubles", "4-folds", or "2–3 of 5" for a k-of-n without a name.
 */
export function systemLabel(t: TFunction, n: number, from: number, to: number): string {
  const name = systemName(n, from, to);
  if (name) return t(`betting.system.names.${name}`);
  if (from === to) return t("betting.system.folds", { k: String(from) });
  return t("betting.system.range", { from: String(from), to: String(to), n: String(n) });
}
