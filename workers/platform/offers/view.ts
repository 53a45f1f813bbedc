import type { Offer, OfferField, OfferPromotion } from "../../../core/api/contract-offers";
import { type BonusTermRules, bonusTerms } from "../../../core/jurisdiction-rules";
import { pickImage } from "../banners";
import { bonusFields, freespinFields } from "../claims/values";
import { ownText } from "../core/texts";

/** An offer as read for one player (OFFER_SELECT), with the terms of what it grants in their currency. */
export interface OfferRow {
  id: number;
  sysname: string;
  trigger_action: "take" | "deposit";
  exclude_methods: string;
  starts_at: number | null;
  ends_at: number | null;
  texts: string;
  currency: string;
  /** Deposit methods of the player's currency not excluded (deposit offers). */
  /** 1 when a deposit method in the player's currency is open to the offer, else 0. */
  open_methods: number;
  b_sysname: string | null;
  b_texts: string | null;
  percent: number | null;
  amount: number | null;
  cap: number | null;
  min_deposit: number | null;
  max_deposit: number | null;
  wager_multiplier: number | null;
  wager_base: "bonus" | "deposit_bonus" | null;
  wagering_days: number | null;
  f_sysname: string | null;
  f_texts: string | null;
  f_count: number | null;
  f_game: string | null;
  f_bet: number | null;
  fw_multiplier: number | null;
  fw_days: number | null;
  /** What the offer's texts may claim besides (decision 0084): the bonus's max bet and cash-out, the spins' days and minimum deposit. */
  b_max_bet: number | null;
  b_max_cashout: number | null;
  f_days: number | null;
  f_min_deposit: number | null;
}

/**
 * Every offer column and its grant's terms for player ?1 (join `u` = the player). `open_methods`:
 * whether a deposit method in the player's currency is open to the offer (1 or 0): it stops at the
 * first, where counting them walked every method and its currencies for every offer (the offers
 * badge is on every signed-in page: 70 of the object's rows a render on the seeded site, issue 39).
 */
export const OFFER_SELECT = `SELECT o.id, o.sysname, o.trigger_action, o.exclude_methods, o.starts_at, o.ends_at, o.texts, u.currency,
    EXISTS (SELECT 1 FROM cashier_methods m, json_each(m.currencies) c WHERE m.direction = 'deposit' AND c.key = u.currency
       AND m.sysname NOT IN (SELECT value FROM json_each(o.exclude_methods))) AS open_methods,
    t.sysname AS b_sysname, t.texts AS b_texts, t.percent, a.amount, a.cap, a.min_deposit, a.max_deposit,
    t.wager_multiplier, t.wager_base, t.wagering_days,
    f.sysname AS f_sysname, f.texts AS f_texts, f.count AS f_count, f.game_sysname AS f_game, fb.bet AS f_bet,
    ft.wager_multiplier AS fw_multiplier, ft.wagering_days AS fw_days,
    a.max_bet AS b_max_bet, a.max_cashout AS b_max_cashout, f.expiry_days AS f_days, fb.min_deposit AS f_min_deposit
  FROM users u JOIN campaign_offers o
    LEFT JOIN bonus_templates t ON t.id = o.bonus_template_id
    LEFT JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = u.currency
    LEFT JOIN freespin_templates f ON f.id = o.freespin_template_id
    LEFT JOIN freespin_template_bets fb ON fb.template_id = f.id AND fb.currency = u.currency
    LEFT JOIN bonus_templates ft ON ft.id = f.bonus_template_id`;

type Texts = Record<string, Record<string, string | undefined>>;

/** The texts of a locale, else the default locale's, else English. */
function localized(json: string | null, locale: string, fallback: string): Record<string, string | undefined> {
  const all = JSON.parse(json ?? "{}") as Texts;
  return all[locale] ?? all[fallback] ?? all.en ?? {};
}

/** A market without bonus rules: the templates' terms as they are. */
const NO_RULES: BonusTermRules = { maxWagerMultiplier: null, minWageringDays: null };

/** The numbers an offer's texts may claim, for its reader (decision 0084): its bonus's and its spins'. */
function offerNumbers(r: OfferRow, rules: BonusTermRules) {
  const reader = { currency: r.currency, rules };
  const bonus = bonusFields(
    {
      percent: r.percent,
      amount: r.amount,
      cap: r.cap,
      min_deposit: r.min_deposit,
      wager_multiplier: r.wager_multiplier,
      wager_base: r.wager_base,
      wagering_days: r.wagering_days,
      max_bet: r.b_max_bet,
      max_cashout: r.b_max_cashout,
    },
    reader,
  );
  const spins =
    r.f_count === null
      ? null
      : freespinFields(
          {
            count: r.f_count,
            expiry_days: r.f_days ?? 0,
            bet: r.f_bet,
            min_deposit: r.f_min_deposit,
            wager_multiplier: r.fw_multiplier,
            wager_base: "bonus",
            wagering_days: r.fw_days,
          },
          reader,
        );
  return { bonus, spins, offer: { ...bonus, spins: spins?.count ?? null, spins_days: spins?.days ?? null } };
}

/** What an offer grants, with each template's terms as the player's market holds them (`rules`). */
function promotions(r: OfferRow, locale: string, fallback: string, rtpBp: number, rules: BonusTermRules): OfferPromotion[] {
  const money = (amount: number | null) => (amount === null ? null : { amount, currency: r.currency });
  const out: OfferPromotion[] = [];
  const numbers = offerNumbers(r, rules);
  if (r.b_sysname) {
    const t = localized(r.b_texts, locale, fallback);
    const terms = bonusTerms({ wager_multiplier: r.wager_multiplier ?? 0, wager_base: r.wager_base ?? "bonus", wagering_days: r.wagering_days ?? 0 }, rules);
    out.push({
      type: "bonus",
      sysname: r.b_sysname,
      title: ownText(t.title, "bonus", numbers.bonus) || r.b_sysname,
      description: ownText(t.description, "bonus", numbers.bonus) ?? "",
      percent: r.percent,
      amount: money(r.amount),
      cap: money(r.cap),
      min_deposit: r.trigger_action === "deposit" ? money(r.min_deposit ?? 0) : null,
      max_deposit: r.trigger_action === "deposit" ? money(r.max_deposit) : null,
      ...terms,
      rtp_bp: rtpBp,
      freespins: null,
    });
  }
  if (r.f_sysname && r.f_bet !== null) {
    const t = localized(r.f_texts, locale, fallback);
    const terms = bonusTerms({ wager_multiplier: r.fw_multiplier ?? 0, wager_base: "bonus", wagering_days: r.fw_days ?? 0 }, rules);
    out.push({
      type: "freespins",
      sysname: r.f_sysname,
      title: ownText(t.title, "freespins", numbers.spins ?? {}) || r.f_sysname,
      description: ownText(t.description, "freespins", numbers.spins ?? {}) ?? "",
      percent: null,
      amount: null,
      cap: null,
      min_deposit: null,
      max_deposit: null,
      ...terms,
      rtp_bp: rtpBp,
      freespins: { count: r.f_count ?? 0, game: r.f_game ?? "", bet: { amount: r.f_bet, currency: r.currency } },
    });
  }
  return out;
}

/** An offer as the player sees it, with the fields asked for. */
export function offerView(
  r: OfferRow,
  fields: OfferField[],
  locale: string,
  fallback: string,
  rtpBp: number,
  imageKey: string | null = null,
  rules: BonusTermRules = NO_RULES,
): Offer {
  const offer: Offer = { id: r.id, sysname: r.sysname, starts_at: r.starts_at, ends_at: r.ends_at };
  if (fields.includes("trigger")) {
    offer.trigger = {
      action: r.trigger_action,
      params: { exclude_methods: JSON.parse(r.exclude_methods) as string[] },
      user_satisfies_params: r.trigger_action === "take" || r.open_methods > 0,
    };
  }
  if (fields.includes("description")) {
    const t = localized(r.texts, locale, fallback);
    const image = pickImage(t, imageKey);
    const { offer: numbers } = offerNumbers(r, rules);
    offer.description = {
      title: ownText(t.title, "offer", numbers) || r.sysname,
      text: ownText(t.text, "offer", numbers) ?? "",
      image: typeof image === "string" && image ? image : null,
    };
  }
  if (fields.includes("promotions")) offer.promotions = promotions(r, locale, fallback, rtpBp, rules);
  return offer;
}
