import { Form } from "react-router";
import type { PlayerBonus } from "../../../core/api/contract-bonuses";
import { formatMoney } from "../../../core/money";
import type { useT } from "../../lib/i18n/use-t";

type T = ReturnType<typeof useT>;

const percent = (bp: number) => (bp / 100).toFixed(2);

/**
 * The bonus X-ray (decision 0042): what a bonus really costs, in money, before the player accepts
 * it and while it is played — what is left to wager, the house edge of wagering it on the
 * catalogue's average slot, and so what it is worth on average.
 */
export function BonusXray({ bonus, t }: { bonus: PlayerBonus; t: T }) {
  const { xray, amount } = bonus;
  const worth = amount.amount - xray.expected_cost.amount;
  return (
    <div className="bonus__xray" data-testid="bonus-xray">
      <p>
        {t("profile.bonuses.xray.cost", {
          left: formatMoney(xray.left_to_wager),
          cost: formatMoney(xray.expected_cost),
          rtp: percent(xray.rtp_bp),
        })}
      </p>
      {bonus.status === "available" && (
        <p>
          {worth > 0
            ? t("profile.bonuses.xray.worth", { worth: formatMoney({ amount: worth, currency: amount.currency }) })
            : t("profile.bonuses.xray.loses", { amount: formatMoney(amount) })}
        </p>
      )}
    </div>
  );
}

/**
 * The terms of a bonus as money, before and while it is played (what a player accepts); before
 * activation also what leaving it or letting it expire keeps and removes (the engine's fixed rule,
 * decision 0039: real money is never at stake, the bonus balance is).
 */
export function BonusTerms({ bonus, t }: { bonus: PlayerBonus; t: T }) {
  return (
    <dl className="bonus__terms">
      <dt>{t("profile.bonuses.amount")}</dt>
      <dd>{formatMoney(bonus.amount)}</dd>
      {bonus.type === "casino" && (
        <>
          <dt>{t("profile.bonuses.toWager")}</dt>
          <dd>
            {formatMoney(bonus.wager_required)} (
            {t(bonus.wager_base === "bonus" ? "profile.bonuses.baseBonus" : "profile.bonuses.baseDepositBonus", { times: String(bonus.wager_multiplier) })})
          </dd>
          <dt>{t("profile.bonuses.counts")}</dt>
          <dd>
            {t("profile.bonuses.contributions", {
              slots: String(bonus.contributions.slots ?? 100),
              table: String(bonus.contributions.table ?? 10),
              live: String(bonus.contributions.live ?? 0),
            })}
          </dd>
        </>
      )}
      {bonus.max_bet && (
        <>
          <dt>{t("profile.bonuses.maxBet")}</dt>
          <dd>{formatMoney(bonus.max_bet)}</dd>
        </>
      )}
      {bonus.max_cashout && (
        <>
          <dt>{t("profile.bonuses.maxCashout")}</dt>
          <dd>{formatMoney(bonus.max_cashout)}</dd>
        </>
      )}
      {bonus.status === "available" && (
        <>
          <dt>{t("profile.bonuses.wageringTime")}</dt>
          <dd>{t("profile.bonuses.days", { days: String(bonus.xray.wagering_days) })}</dd>
          <dt>{t("profile.bonuses.ifYouLeave")}</dt>
          <dd data-testid="bonus-leave-rule">{t(bonus.type === "betting" ? "profile.bonuses.leaveBetting" : "profile.bonuses.leaveCasino")}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * One of a bonus's actions: a plain form (the page's action asks to confirm first), posted to this
 * page or to `action` (another page's, e.g. /profile/bonuses from a deposit's success page).
 */
export function BonusButton(props: {
  bonus: PlayerBonus;
  action?: string;
  intent: string;
  label: string;
  primary?: boolean;
  busy: boolean;
  confirmed?: boolean;
  burn?: boolean;
}) {
  const { bonus, intent, label, primary, busy } = props;
  return (
    <Form method="post" action={props.action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bonus_id" value={bonus.id} />
      <input type="hidden" name="kind" value={bonus.type} />
      {props.confirmed && <input type="hidden" name="confirmed" value="1" />}
      {props.burn && <input type="hidden" name="burn" value="1" />}
      <button type="submit" className={`btn ${primary ? "btn--primary" : "btn--ghost"}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
