import type { Offer } from "../../../core/api/contract-offers";
import type { useT } from "../../lib/i18n/use-t";
import { OfferXray, PromotionTerms } from "./offer-card";
import { offerFitsDeposit } from "./offer-xray";

type T = ReturnType<typeof useT>;

/**
 * The deposit form's offers (issue 19, decision 0043): the player's deposit offers that apply to
 * this method (exclude_methods), as radio buttons named `campaign_offer_id` — a plain form field,
 * so choosing one works without JavaScript. With JavaScript the entered amount (minor units) greys
 * out offers whose deposit range it misses and moves each X-ray to it; the platform checks again.
 */
export function DepositOffers({ offers, method, amount, chosen, t }: { offers: Offer[]; method: string; amount: number | null; chosen: number | null; t: T }) {
  const fitting = offers.filter((o) => offerFitsDeposit(o, method, null));
  if (fitting.length === 0) return null;
  return (
    <fieldset className="deposit-offers" data-testid="deposit-offers">
      <legend>{t("offers.deposit.legend")}</legend>
      <p className="responsible__hint">{t("offers.deposit.hint")}</p>
      <label className="deposit-offers__choice">
        <input type="radio" name="campaign_offer_id" value="" defaultChecked={!fitting.some((o) => o.id === chosen)} />
        {t("offers.deposit.none")}
      </label>
      {fitting.map((o) => {
        const fits = amount === null || offerFitsDeposit(o, method, amount);
        return (
          <div key={o.id} className="deposit-offers__offer" data-offer={o.id}>
            <label className="deposit-offers__choice">
              <input type="radio" name="campaign_offer_id" value={o.id} defaultChecked={o.id === chosen} disabled={!fits} />
              <strong>{o.description?.title ?? o.sysname}</strong>
            </label>
            <ul className="offer__promotions">
              {(o.promotions ?? []).map((p) => (
                <PromotionTerms key={p.sysname} promotion={p} t={t} />
              ))}
            </ul>
            {fits && (o.promotions ?? []).map((p) => <OfferXray key={p.sysname} promotion={p} deposit={amount} t={t} />)}
          </div>
        );
      })}
    </fieldset>
  );
}
