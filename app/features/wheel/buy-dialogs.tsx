import { Form, Link } from "react-router";
import type { WheelCampaign } from "../../../core/api/contract-wheel";
import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";
import { formatPoints } from "../loyalty/points";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { AMOUNT_KEY, CAMPAIGN_KEY, PAY_KEY, POPUP_KEY } from "./keys";
import { WheelDialog } from "./wheel-dialog";

type Buy = { amount: number; pay: "money" | "points"; max: number };
type Funds = { money: Money; points: number };

/** What `amount` spins cost and what the player has to pay it with; null when the campaign does not sell that way. */
export function priceOf(campaign: WheelCampaign, buy: Buy, funds: Funds) {
  if (buy.pay === "points") {
    if (campaign.spin_price_points === null) return null;
    const cost = campaign.spin_price_points * buy.amount;
    return {
      cost: formatPoints(cost),
      have: formatPoints(funds.points),
      left: formatPoints(funds.points - cost),
      missing: formatPoints(cost - funds.points),
      short: funds.points < cost,
    };
  }
  if (campaign.spin_price === null) return null;
  const cost = campaign.spin_price.amount * buy.amount;
  const money = (amount: number) => formatMoney({ amount, currency: funds.money.currency });
  return {
    cost: money(cost),
    have: money(funds.money.amount),
    left: money(funds.money.amount - cost),
    missing: money(cost - funds.money.amount),
    short: funds.money.amount < cost,
  };
}

/** Buy spins (SPEC §2): how many, and paid with money or points; a GET form, so the confirm opens by the URL without JavaScript. */
export function BuyPopup({ campaign, buy, close, action }: { campaign: WheelCampaign; buy: Buy; close: string; action: string }) {
  const t = useT();
  const ways = [
    campaign.spin_price && { pay: "money" as const, label: t("wheel.buy.withMoney", { price: formatMoney(campaign.spin_price) }) },
    campaign.spin_price_points !== null && { pay: "points" as const, label: t("wheel.buy.withPoints", { price: formatPoints(campaign.spin_price_points) }) },
  ].filter((w) => !!w);
  const chosen = ways.some((w) => w.pay === buy.pay) ? buy.pay : ways[0]?.pay;
  return (
    <WheelDialog name="buy" title={t("wheel.buy.title")} closeHref={close}>
      {ways.length === 0 ? (
        <p>{t("wheel.errors.not_for_sale")}</p>
      ) : (
        <Form method="get" action={action} className="wheel__buy" preventScrollReset replace>
          <input type="hidden" name={CAMPAIGN_KEY} value={campaign.id} />
          <input type="hidden" name={POPUP_KEY} value="buy-confirm" />
          <label>
            {t("wheel.buy.amount")}
            <input type="number" name={AMOUNT_KEY} min={1} max={buy.max} defaultValue={buy.amount} required />
          </label>
          <fieldset>
            <legend>{t("wheel.buy.payWith")}</legend>
            {ways.map((w) => (
              <label key={w.pay}>
                <input type="radio" name={PAY_KEY} value={w.pay} defaultChecked={w.pay === chosen} /> {w.label}
              </label>
            ))}
          </fieldset>
          <div className="confirm__actions">
            <button type="submit" className="btn btn--primary">
              {t("wheel.buy.next")}
            </button>
          </div>
        </Form>
      )}
    </WheelDialog>
  );
}

/**
 * Buy-spins confirm (what it costs, what is left) or insufficient funds (what is missing, and the
 * cashier's deposit for money, the games for points). The confirm posts once per loader key.
 */
export function BuyConfirmPopup(props: { campaign: WheelCampaign; buy: Buy; funds: Funds; close: string; action: string; buyHref: string; buyKey: string }) {
  const t = useT();
  const to = useLocalePath();
  const { campaign, buy } = props;
  const price = priceOf(campaign, buy, props.funds);
  if (!price) {
    return (
      <WheelDialog name="buy-confirm" kind="confirm" title={t("wheel.buy.title")} closeHref={props.close}>
        <p>{t("wheel.errors.not_for_sale")}</p>
      </WheelDialog>
    );
  }
  if (price.short) {
    return (
      <WheelDialog name="buy-insufficient" kind="confirm" title={t("wheel.buy.insufficientTitle")} closeHref={props.close}>
        <p>{t("wheel.buy.insufficientText", { spins: String(buy.amount), cost: price.cost, have: price.have, missing: price.missing })}</p>
        <div className="confirm__actions">
          {buy.pay === "money" ? (
            <Link className="btn btn--primary" to={to("/cashier/deposit")}>
              {t("wheel.buy.deposit")}
            </Link>
          ) : (
            <Link className="btn btn--primary" to={to("/gamehall")}>
              {t("wheel.buy.play")}
            </Link>
          )}
          <Link className="btn btn--ghost" to={props.buyHref} replace preventScrollReset>
            {t("wheel.buy.back")}
          </Link>
        </div>
      </WheelDialog>
    );
  }
  return (
    <WheelDialog name="buy-confirm" kind="confirm" title={t("wheel.buy.confirmTitle", { spins: String(buy.amount) })} closeHref={props.close}>
      <p>{t("wheel.buy.confirmText", { spins: String(buy.amount), cost: price.cost, have: price.have, left: price.left })}</p>
      <Form method="post" action={props.action} className="confirm__actions">
        <input type="hidden" name="intent" value="buy" />
        <input type="hidden" name="campaign_id" value={campaign.id} />
        <input type="hidden" name="spins_amount" value={buy.amount} />
        <input type="hidden" name="pay_with" value={buy.pay} />
        <input type="hidden" name="key" value={props.buyKey} />
        <button type="submit" className="btn btn--primary">
          {t("wheel.buy.confirm")}
        </button>
        <Link className="btn btn--ghost" to={props.buyHref} replace preventScrollReset>
          {t("wheel.buy.back")}
        </Link>
      </Form>
    </WheelDialog>
  );
}
