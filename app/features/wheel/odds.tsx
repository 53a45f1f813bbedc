import type { WheelExpectedReturn, WheelReward, WheelSector } from "../../../core/api/contract-wheel";
import { formatMoney } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";

/** A chance in parts per million as a percentage, to two decimals at most: 150000 → "15", 5000 → "0.5". */
export function percent(ppm: number): string {
  return String(Math.round(ppm / 100) / 100);
}

/** What a reward pays, in words (the server's title, localized). */
export const rewardTitle = (r: WheelReward) => r.title;

/**
 * The published odds (issue 21): every prize of the wheel, its chance in % and the stock left, as
 * a table — the same numbers the draw uses (`weight ÷ Σ weights`) — and under it, for a paid
 * wheel, what a spin is expected to pay back.
 */
export function OddsTable({ sectors, caption, expectedReturn }: { sectors: WheelSector[]; caption?: string; expectedReturn?: WheelExpectedReturn | null }) {
  const t = useT();
  return (
    <>
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
      {expectedReturn && <ExpectedReturn value={expectedReturn} />}
    </>
  );
}

/** Basis points as a percentage, to two decimals at most: 8750 → "87.5". */
const bpPercent = (bp: number) => String(Math.round(bp) / 100);

/**
 * A paid wheel's expected return per spin beside its odds (DESIGN §7, decision 0058): in money,
 * as a share of each price, and how the prizes were valued — the same numbers that keep a wheel
 * from being sold if it would pay back its price.
 */
export function ExpectedReturn({ value: v }: { value: WheelExpectedReturn }) {
  const t = useT();
  const amount = formatMoney(v.per_spin);
  return (
    <div className="wheel__return" data-testid="wheel-expected-return" data-per-spin={v.per_spin.amount}>
      <p>
        {v.of_price_bp !== null
          ? t("wheel.odds.expectedReturn", { amount, percent: bpPercent(v.of_price_bp) })
          : t("wheel.odds.expectedReturnNoMoney", { amount })}
      </p>
      {v.of_points_price_bp !== null && v.points_price_value && (
        <p>{t("wheel.odds.expectedReturnPoints", { value: formatMoney(v.points_price_value), percent: bpPercent(v.of_points_price_bp) })}</p>
      )}
      <p className="wheel__hint">{t("wheel.odds.expectedReturnHow", { edge: bpPercent(10_000 - v.rtp_bp), rtp: bpPercent(v.rtp_bp) })}</p>
    </div>
  );
}
