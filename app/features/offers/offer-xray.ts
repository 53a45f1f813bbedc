import type { OfferPromotion } from "../../../core/api/contract-offers";
import { expectedCost } from "../../../core/money";

/**
 * The bonus X-ray of an offer's bonus (decision 0042's numbers, decision 0043): what the bonus is
 * for a deposit, what must be wagered, and what wagering it costs on average at the catalogue's
 * slot RTP. The same arithmetic as the platform's grant (percent of the deposit, floored, capped).
 * Without a deposit (the offers pages) a percentage bonus is shown at its cap.
 */
export interface PromotionXray {
  deposit: number;
  bonus: number;
  required: number;
  cost: number;
  currency: string;
}

export function promotionXray(p: OfferPromotion, deposit: number | null): PromotionXray | null {
  if (p.type !== "bonus") return null;
  const currency = (p.amount ?? p.cap ?? p.min_deposit)?.currency;
  if (!currency) return null;
  let bonus: number;
  let paid = deposit ?? 0;
  if (p.percent === null) bonus = p.amount?.amount ?? 0;
  else {
    if (deposit === null) paid = p.cap ? Math.ceil((p.cap.amount * 100) / p.percent) : (p.min_deposit?.amount ?? 0);
    bonus = Math.floor((paid * p.percent) / 100);
    if (p.cap) bonus = Math.min(bonus, p.cap.amount);
  }
  if (bonus <= 0) return null;
  const required = p.wager_multiplier * ((p.wager_base === "deposit_bonus" ? paid : 0) + bonus);
  const cost = expectedCost(required, p.rtp_bp);
  return { deposit: paid, bonus, required, cost, currency };
}

/** Whether a deposit offer applies to this method and amount (exclude_methods; the bonus's deposit range). */
export function offerFitsDeposit(
  offer: { trigger?: { action: string; params: { exclude_methods: string[] } }; promotions?: OfferPromotion[] },
  method: string,
  amount: number | null,
): boolean {
  if (offer.trigger?.action !== "deposit" || offer.trigger.params.exclude_methods.includes(method)) return false;
  if (amount === null) return true;
  return (offer.promotions ?? []).every(
    (p) => p.type !== "bonus" || ((p.min_deposit?.amount ?? 0) <= amount && (p.max_deposit === null || amount <= p.max_deposit.amount)),
  );
}
