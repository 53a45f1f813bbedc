import type { WheelReward, WheelSector } from "../../lib/api/contract-wheel";
import { useT } from "../site/use-root-data";

/** A chance in parts per million as a percentage, to two decimals at most: 150000 → "15", 5000 → "0.5". */
export function percent(ppm: number): string {
  return String(Math.round(ppm / 100) / 100);
}

/** What a reward pays, in words (the server's title, localized). */
export const rewardTitle = (r: WheelReward) => r.title;

/**
 * The published odds (issue 21): every prize of the wheel, its chance in % and the stock left, as
 * a table — the same numbers the draw uses (`weight ÷ Σ weights`).
 */
export function OddsTable({ sectors, caption }: { sectors: WheelSector[]; caption?: string }) {
  const t = useT();
  return (
    <table className="wheel__odds" data-testid="wheel-odds">
      <caption>{caption ?? t("wheel.odds.title")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("wheel.odds.prize")}</th>
          <th scope="col">{t("wheel.odds.chance")}</th>
          <th scope="col">{t("wheel.odds.stock")}</th>
        </tr>
      </thead>
      <tbody>
        {sectors.map((s) => (
          <tr key={s.id} data-sector-row={s.position}>
            <th scope="row">
              <span className="wheel__swatch" style={{ background: s.color }} aria-hidden />
              {rewardTitle(s.reward)}
            </th>
            <td data-ppm={s.chance_ppm}>{t("wheel.odds.percent", { value: percent(s.chance_ppm) })}</td>
            <td>
              {s.stock === null
                ? t("wheel.odds.unlimited")
                : s.stock > 0
                  ? t("wheel.odds.left", { left: String(s.stock) })
                  : t("wheel.odds.gone", { fallback: s.fallback ? rewardTitle(s.fallback) : "" })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
