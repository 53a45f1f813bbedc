import { type ClaimKind, type Claims, claimProblems, fillClaims, parseClaimRef } from "../../../core/claims.mjs";
import { type BonusTermRules, bonusTerms } from "../../../core/jurisdiction-rules";
import type { PlatformContext } from "../core/context";
import { readGeneralInfo } from "../core/settings";
import { countValue, moneyValue, type OwnValues } from "../core/texts";
import type { ClaimTerms } from "../../../core/api/entities";
import { playerMarket, visitorJurisdiction } from "../responsible/jurisdiction";
import { cashbackValues } from "../cashback/view";
import { tournamentValues } from "../tournaments/view";
import { type CampaignRow, wheelTopSql, wheelValues } from "../wheel/view";

/**
 * The numbers of a marketing text, from the objects it claims (core/claims.mjs, decision 0084):
 * each claimed object read from the configuration (tables every render keeps by version, decision
 * 0079), in the reader's currency and under their market's bonus terms.
 */

/** Who reads the claims: their currency and their market's bonus rules. */
export interface ClaimReader {
  currency: string;
  rules: BonusTermRules;
}

/** The call's reader: the player's currency and market, or for a visitor the site's currency and the visitor's market. */
export async function claimReader(ctx: PlatformContext): Promise<ClaimReader> {
  if (ctx.uid > 0) {
    const { user, profile } = await playerMarket(ctx, ctx.uid);
    if (user) return { currency: user.currency, rules: profile.bonuses };
  }
  const [{ default_currency }, market] = await Promise.all([readGeneralInfo<{ default_currency: string }>(ctx), visitorJurisdiction(ctx)]);
  return { currency: default_currency, rules: market.bonuses };
}

type Values = OwnValues;

/** A bonus's numbers as a template (or a granted bonus) holds them. */
export interface BonusNumbers {
  percent: number | null;
  amount: number | null;
  cap: number | null;
  min_deposit: number | null;
  wager_multiplier: number | null;
  wager_base: "bonus" | "deposit_bonus" | null;
  wagering_days: number | null;
  max_bet: number | null;
  max_cashout: number | null;
}

const BONUS_COLUMNS = "t.percent, a.amount, a.cap, a.min_deposit, t.wager_multiplier, t.wager_base, t.wagering_days, a.max_bet, a.max_cashout";

/** A template's wagering terms as the reader's market holds them (`bonusTerms`), or null without a multiplier. */
function heldTerms(r: { wager_multiplier: number | null; wager_base: "bonus" | "deposit_bonus" | null; wagering_days: number | null }, rules: BonusTermRules) {
  return r.wager_multiplier === null
    ? null
    : bonusTerms({ wager_multiplier: r.wager_multiplier, wager_base: r.wager_base ?? "bonus", wagering_days: r.wagering_days ?? 0 }, rules);
}

/** A bonus's fields, its wagering as the reader's market holds it. */
export function bonusFields(r: BonusNumbers, reader: ClaimReader): Values {
  const terms = heldTerms(r, reader.rules);
  return {
    percent: countValue(r.percent),
    amount: moneyValue(r.amount, reader.currency),
    cap: moneyValue(r.cap, reader.currency),
    min_deposit: r.min_deposit ? moneyValue(r.min_deposit, reader.currency) : null,
    wager: countValue(terms?.wager_multiplier),
    days: countValue(terms?.wagering_days),
    max_bet: moneyValue(r.max_bet, reader.currency),
    max_cashout: moneyValue(r.max_cashout, reader.currency),
  };
}

/** A free-spin template's numbers, with its winnings bonus's wagering terms. */
export interface FreespinNumbers {
  count: number;
  expiry_days: number;
  bet: number | null;
  min_deposit: number | null;
  wager_multiplier: number | null;
  wager_base: "bonus" | "deposit_bonus" | null;
  wagering_days: number | null;
}

export function freespinFields(r: FreespinNumbers, reader: ClaimReader): Values {
  const wager = heldTerms(r, reader.rules);
  return {
    count: countValue(r.count),
    bet: moneyValue(r.bet, reader.currency),
    days: countValue(r.expiry_days),
    min_deposit: r.min_deposit ? moneyValue(r.min_deposit, reader.currency) : null,
    wager: countValue(wager?.wager_multiplier),
  };
}

/**
 * An incentive's significant terms as the reader's market holds them (issue 40: shown beside the
 * button that claims it, at first presentation): the wagering of the bonus (or of a pack's
 * winnings), the days to meet it, the least deposit, the most a bet and a cash-out may be, the
 * days free spins last.
 */
function termsOf(
  r: {
    wager_multiplier: number | null;
    wager_base: "bonus" | "deposit_bonus" | null;
    wagering_days: number | null;
    min_deposit?: number | null;
    max_bet?: number | null;
    max_cashout?: number | null;
  },
  reader: ClaimReader,
  spinsDays: number | null = null,
): ClaimTerms | null {
  const held = heldTerms(r, reader.rules);
  const asMoney = (amount: number | null | undefined) => (typeof amount === "number" && amount > 0 ? { amount, currency: reader.currency } : null);
  if (!held && spinsDays === null) return null;
  return {
    wager_multiplier: held?.wager_multiplier ?? null,
    wager_base: held?.wager_base ?? null,
    wagering_days: held?.wagering_days ?? null,
    min_deposit: asMoney(r.min_deposit),
    max_bet: asMoney(r.max_bet),
    max_cashout: asMoney(r.max_cashout),
    spins_days: spinsDays,
  };
}

/** One object's fields (and, for an incentive, its terms), or null when it is not configured (or not enabled). */
async function fieldsOf(db: D1Database, kind: ClaimKind, sysname: string, reader: ClaimReader): Promise<{ fields: Values; terms: ClaimTerms | null } | null> {
  const c = reader.currency;
  const only = (fields: Values | null) => fields && { fields, terms: null };
  switch (kind) {
    case "bonus": {
      const r = await db
        .prepare(
          `SELECT ${BONUS_COLUMNS} FROM bonus_templates t LEFT JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = ?2
           WHERE t.sysname = ?1 AND t.is_enabled = 1`,
        )
        .bind(sysname, c)
        .first<BonusNumbers>();
      return r && { fields: bonusFields(r, reader), terms: termsOf(r, reader) };
    }
    case "offer": {
      const r = await db
        .prepare(
          `SELECT ${BONUS_COLUMNS}, f.count AS spins, f.expiry_days AS spins_days FROM campaign_offers o
             LEFT JOIN bonus_templates t ON t.id = o.bonus_template_id LEFT JOIN bonus_template_amounts a ON a.template_id = t.id AND a.currency = ?2
             LEFT JOIN freespin_templates f ON f.id = o.freespin_template_id
           WHERE o.sysname = ?1 AND o.is_enabled = 1`,
        )
        .bind(sysname, c)
        .first<BonusNumbers & { spins: number | null; spins_days: number | null }>();
      return (
        r && {
          fields: { ...bonusFields(r, reader), spins: countValue(r.spins), spins_days: countValue(r.spins_days) },
          terms: termsOf(r, reader, r.spins_days),
        }
      );
    }
    case "freespins": {
      const r = await db
        .prepare(
          `SELECT f.count, f.expiry_days, b.bet, b.min_deposit, bt.wager_multiplier, bt.wager_base, bt.wagering_days FROM freespin_templates f
             LEFT JOIN freespin_template_bets b ON b.template_id = f.id AND b.currency = ?2 LEFT JOIN bonus_templates bt ON bt.id = f.bonus_template_id
           WHERE f.sysname = ?1 AND f.is_enabled = 1`,
        )
        .bind(sysname, c)
        .first<FreespinNumbers>();
      return r && { fields: freespinFields(r, reader), terms: termsOf(r, reader, r.expiry_days) };
    }
    case "tournament": {
      const [t, { results }] = await Promise.all([
        db
          .prepare("SELECT json_extract(min_bet, '$.' || ?2) AS min_bet FROM tournaments WHERE sysname = ?1")
          .bind(sysname, c)
          .first<{ min_bet: number | null }>(),
        db
          .prepare(
            `SELECT p.place_from, p.place_to, p.type, json_extract(p.money, '$.' || ?2) AS amount FROM tournaments t
               JOIN tournament_prizes p ON p.tournament_id = t.id WHERE t.sysname = ?1 ORDER BY p.place_from`,
          )
          .bind(sysname, c)
          .all<{ place_from: number; place_to: number; type: string; amount: number | null }>(),
      ]);
      return only(t && results.length ? tournamentValues(results, t.min_bet, c) : null);
    }
    case "wheel": {
      const r = await db
        .prepare(`SELECT c.spin_price, c.spin_price_points, ${wheelTopSql("?2")} AS top FROM wheel_campaigns c WHERE c.sysname = ?1 AND c.is_enabled = 1`)
        .bind(sysname, c)
        .first<Pick<CampaignRow, "spin_price" | "spin_price_points" | "top">>();
      return only(r && wheelValues(r, c));
    }
    case "cashback": {
      const r = await db
        .prepare(
          `SELECT c.percent, c.claim_days, m.min_loss, m.max_payout FROM cashback_programmes c
             LEFT JOIN cashback_programme_terms m ON m.programme_id = c.id AND m.currency = ?2 WHERE c.sysname = ?1 AND c.is_enabled = 1`,
        )
        .bind(sysname, c)
        .first<{ percent: number; claim_days: number; min_loss: number | null; max_payout: number | null }>();
      return only(r && cashbackValues(r, c));
    }
  }
}

/**
 * Every field of every object `claims` names, as "key.field" → its text (null: not derivable for
 * this reader), and the terms of the first incentive (bonus, offer, free spins) it names.
 */
export async function claimValues(db: D1Database, claims: Claims, reader: ClaimReader): Promise<{ values: Values; terms: ClaimTerms | null }> {
  const read = await Promise.all(
    Object.entries(claims).map(async ([key, ref]) => {
      const parsed = parseClaimRef(ref);
      return [key, parsed && (await fieldsOf(db, parsed.kind, parsed.sysname, reader))] as const;
    }),
  );
  const values = Object.fromEntries(
    read.flatMap(([key, got]) => Object.entries(got?.fields ?? {}).map(([field, value]) => [`${key}.${field}`, value] as const)),
  );
  // The first incentive's terms; a welcome card's bonus and its free spins: the bonus's, with how long the spins last.
  const all = read.map(([, got]) => got?.terms).filter((x): x is ClaimTerms => !!x);
  const terms = all[0] ? { ...all[0], spins_days: all[0].spins_days ?? all.find((x) => x.spins_days !== null)?.spins_days ?? null } : null;
  return { values, terms };
}

/**
 * A marketing text set (a banner's, a popup's) with its numbers filled from what it claims, and the
 * significant terms of the incentive it claims; null when one cannot be derived for this reader: a
 * claim naming no object, a number typed as text, an object not configured, or a field it has not
 * in the reader's currency. Never shown so.
 */
export async function filledTexts<T extends Record<string, string>>(
  db: D1Database,
  texts: T,
  claimsJson: string,
  reader: ClaimReader | null,
): Promise<{ texts: T; terms: ClaimTerms | null } | null> {
  const claims = JSON.parse(claimsJson || "{}") as Claims;
  if (claimProblems(Object.values(texts), claims).length) return null;
  const claimed = Object.keys(claims).length > 0;
  if (claimed && !reader) return null;
  const { values, terms } = claimed ? await claimValues(db, claims, reader!) : { values: {}, terms: null };
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(texts)) {
    const filled = fillClaims(text, values);
    if (filled === null) return null;
    out[name] = filled;
  }
  return { texts: out as T, terms };
}
