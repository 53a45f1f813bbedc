import { Form } from "react-router";
import type { Offer, OfferPromotion } from "../../../core/api/contract-offers";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { AppLink } from "../../ui/app-link";
import { FieldErrors } from "../../ui/form/field";
import type { useT } from "../../lib/i18n/use-t";
import { promotionXray } from "./offer-xray";

type T = ReturnType<typeof useT>;

const rtp = (bp: number) => (bp / 100).toFixed(2);

/** The bonus X-ray beside an offer's bonus (decision 0042's words, the offer's numbers). */
export function OfferXray({ promotion, deposit, t }: { promotion: OfferPromotion; deposit: number | null; t: T }) {
  const x = promotionXray(promotion, deposit);
  if (!x) return null;
  const money = (amount: number) => formatMoney({ amount, currency: x.currency });
  const worth = x.bonus - x.cost;
  return (
    <div className="bonus__xray" data-testid="offer-xray">
      {promotion.percent !== null && <p>{t("offers.xrayAt", { deposit: money(x.deposit), bonus: money(x.bonus) })}</p>}
      <p>{t("offers.xray.cost", { left: money(x.required), cost: money(x.cost), rtp: rtp(promotion.rtp_bp) })}</p>
      <p>{worth > 0 ? t("offers.xray.worth", { worth: money(worth) }) : t("offers.xray.loses", { amount: money(x.bonus) })}</p>
    </div>
  );
}

/** What an offer grants, as money and terms. */
export function PromotionTerms({ promotion: p, t }: { promotion: OfferPromotion; t: T }) {
  if (p.type === "freespins" && p.freespins)
    return <li>{t("offers.spins", { count: String(p.freespins.count), game: p.freespins.game, bet: formatMoney(p.freespins.bet) })}</li>;
  return (
    <li>
      <strong>{p.title}</strong>
      {": "}
      {p.percent !== null && p.cap
        ? t("offers.bonusPercent", { percent: String(p.percent), cap: formatMoney(p.cap) })
        : p.amount && t("offers.bonusFixed", { amount: formatMoney(p.amount) })}
      {". "}
      {t("offers.wager", { times: String(p.wager_multiplier), days: String(p.wagering_days) })}
      {p.min_deposit && p.min_deposit.amount > 0 && <>. {t("offers.minDeposit", { amount: formatMoney(p.min_deposit) })}</>}
    </li>
  );
}

/**
 * One offer: image, title, text, what it grants with the X-ray, and its action — a Take form (a
 * plain POST to the page's action, so it works without JavaScript) or, for a deposit offer, the way
 * to the deposit form with it chosen.
 */
export function OfferCard({
  offer,
  t,
  to,
  busy,
  errors,
  detailed,
}: {
  offer: Offer;
  t: T;
  to: (path: string) => string;
  busy: boolean;
  errors?: string[];
  detailed?: boolean;
}) {
  const d = offer.description;
  const Heading = detailed ? "h1" : "h2";
  const titleId = `offer-${offer.id}-title`;
  return (
    <article className="bonus offer" data-offer={offer.id} aria-labelledby={titleId}>
      {d?.image && <img className="offer__image" src={d.image} alt="" width={336} height={180} loading="lazy" decoding="async" />}
      <Heading id={titleId}>{detailed ? d?.title : <AppLink to={to(`/offers/${offer.id}`)}>{d?.title ?? offer.sysname}</AppLink>}</Heading>
      {d?.text && <p>{d.text}</p>}
      <ul className="offer__promotions">
        {(offer.promotions ?? []).map((p) => (
          <PromotionTerms key={p.sysname} promotion={p} t={t} />
        ))}
      </ul>
      {(offer.promotions ?? []).map((p) => (
        <OfferXray key={p.sysname} promotion={p} deposit={null} t={t} />
      ))}
      {offer.trigger && offer.trigger.params.exclude_methods.length > 0 && (
        <p className="responsible__hint">{t("offers.excluded", { methods: offer.trigger.params.exclude_methods.join(", ") })}</p>
      )}
      {offer.ends_at && <p className="responsible__hint">{t("offers.endsAt", { time: formatDateTime(offer.ends_at) })}</p>}
      <FieldErrors id={`offer-${offer.id}-error`} errors={errors} />
      {offer.trigger?.action === "deposit" ? (
        <>
          <p className="responsible__hint">{t("offers.withDeposit")}</p>
          <AppLink className="btn btn--primary" to={to(`/cashier/deposit?offer=${offer.id}`)}>
            {t("offers.toDeposit")}
          </AppLink>
        </>
      ) : (
        <Form method="post" action={to(detailed ? `/offers/${offer.id}` : "/offers")} className="bonus__actions">
          <input type="hidden" name="offer_id" value={offer.id} />
          <button type="submit" className="btn btn--primary" disabled={busy} aria-describedby={errors ? `offer-${offer.id}-error` : undefined}>
            {t("offers.take")}
          </button>
        </Form>
      )}
    </article>
  );
}
