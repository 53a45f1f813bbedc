import { type JurisdictionId, type JurisdictionProfile, PROFILE_OF_COUNTRY, PROFILES } from "../../../core/jurisdictions";
import { youngerThan } from "../account/profile-rules";
import { playerMarket } from "../responsible/jurisdiction";

/**
 * A market's bonus rules where bonuses are granted (issue 40, decision 0083). A grant is one SQL
 * statement in the player's object that joins the player's mirrored `users` row, so a rule's
 * value for the player is an SQL expression of their country (`marketSql`), with the site's
 * profile for a country that has none: no read of the player before a grant. The one rule a
 * country cannot decide — the Netherlands' minimum age for a bonus — is read from the account
 * (`grantMarket`) by the caller, which then grants nothing.
 */

/** What a grant needs to know of the player's market: the site's profile, and whether the player may receive no bonus at all. */
export interface GrantMarket {
  site: JurisdictionId;
  /** The player's profile refuses them any bonus (below its minimum age, or of unknown age under one). */
  barred: boolean;
  /**
   * Where the player's market has one product per incentive (the UK, decision 0094): the one
   * product a welcome of several bonuses keeps to — the player's choice at registration
   * (`is_betting`: sports betting, else casino). null: no such rule.
   */
  product?: "casino" | "betting" | null;
}

type Sql = string | number;

/**
 * The value of a profile rule for the player whose country is the SQL expression `country`, on a
 * site under profile `site`: a CASE over the countries whose profile answers differently from the
 * site's, or the site's value alone when none does.
 */
export function marketSql(country: string, site: JurisdictionId, value: (p: JurisdictionProfile) => Sql | null): string {
  const sql = (p: JurisdictionProfile) => String(value(p) ?? "NULL");
  const otherwise = sql(PROFILES[site]);
  const cases = Object.entries(PROFILE_OF_COUNTRY)
    .map(([code, id]) => [code, sql(PROFILES[id])] as const)
    .filter(([, v]) => v !== otherwise);
  if (!cases.length) return otherwise;
  return `(CASE upper(${country}) ${cases.map(([code, v]) => `WHEN '${code}' THEN ${v}`).join(" ")} ELSE ${otherwise} END)`;
}

/**
 * What a bonus asks to be wagered (SQL) for the player of `country`: the template's multiplier ×
 * its base (the bonus `value`, plus the deposit `dep` where the template `t` counts it), or under a
 * market's cap at most the cap × the bonus alone (core/jurisdiction-rules.ts `bonusTerms`).
 */
export function requiredSql(country: string, site: JurisdictionId, dep: string, value: string, t = "t"): string {
  const cap = marketSql(country, site, (p) => p.bonuses.maxWagerMultiplier);
  const terms = `${t}.wager_multiplier * (CASE WHEN ${t}.wager_base = 'deposit_bonus' THEN ${dep} ELSE 0 END + ${value})`;
  if (cap === "NULL") return terms;
  return `(CASE WHEN ${cap} IS NULL THEN ${terms} ELSE MIN(${t}.wager_multiplier, ${cap}) * ${value} END)`;
}

/**
 * The first-occasion rule (SQL condition) for player `uid` (an expression) and deposit `depositId`
 * (an expression, NULL for a grant without one): where the market allows bonuses only on the
 * first occasion, the player has no successful deposit but this one.
 */
export function firstOccasionSql(country: string, site: JurisdictionId, uid: string, depositId: string): string {
  const only = marketSql(country, site, (p) => (p.bonuses.firstOccasionOnly ? 1 : 0));
  if (only === "0") return "1";
  const earlier = `EXISTS (SELECT 1 FROM cashier_transactions d WHERE d.uid = ${uid} AND d.type = 'deposit' AND d.status = 'success' AND d.id IS NOT ${depositId})`;
  return `(${only} = 0 OR NOT ${earlier})`;
}

/** Whether a player of `profile` born on `birthDate` may receive no bonus on `now`'s date. */
export function barredFromBonuses(profile: JurisdictionProfile, birthDate: string | null, now = new Date()): boolean {
  const min = profile.bonuses.minAge;
  return min !== null && youngerThan(birthDate, min, now);
}

/**
 * Where a grant's caller reads the site's settings and the player's account: D1 itself — a call's
 * `ctx.db`, else `env.DB` (never the player's routed tables: inside the object a read of `users`
 * is the object's copy of the row, which has no birth date) — with the `general_info` copy kept
 * with the call's locales when there is one.
 */
export interface Accounts {
  db: D1Database;
  generalInfo?: string | null;
}

/** The accounts of a money move's dependencies (a call's context carries its kept `general_info`). */
export const accountsOf = (deps: { env: Pick<Env, "DB">; generalInfo?: string | null }): Accounts => ({ db: deps.env.DB, generalInfo: deps.generalInfo });

/**
 * The grant market of player `uid`: the site's profile, and whether the player's own bars them
 * (their account's country and birth date: the row a render's session lookup already read).
 */
export async function grantMarket(accounts: Accounts, uid: number, now = Date.now()): Promise<GrantMarket> {
  const { user, site, profile } = await playerMarket(accounts, uid);
  return {
    site,
    barred: barredFromBonuses(profile, user?.birth_date ?? null, new Date(now)),
    product: profile.bonuses.oneProductPerIncentive ? (user?.is_betting === 1 ? "betting" : "casino") : null,
  };
}

/** Why the player's market gives them no new bonus now: below its minimum age, or past the first occasion. */
export type BonusRefusal = "min_age" | "first_occasion";

/**
 * Why player `uid` may receive no new bonus now under their market's rules, or null: the rule
 * the grants' SQL holds too (market.ts), asked before a player spends anything on one (a shop's
 * points, a promo code's use, a wheel's prize) so the refusal is said, not silently kept.
 * `deposits`: the player's successful deposits, when the caller has counted them.
 */
export async function bonusRefusal(accounts: Accounts, player: D1Database, uid: number, deposits?: number): Promise<BonusRefusal | null> {
  const { user, profile } = await playerMarket(accounts, uid);
  if (barredFromBonuses(profile, user?.birth_date ?? null)) return "min_age";
  if (!profile.bonuses.firstOccasionOnly) return null;
  const made =
    deposits ??
    (await player
      .prepare("SELECT COUNT(*) AS n FROM cashier_transactions WHERE uid = ?1 AND type = 'deposit' AND status = 'success'")
      .bind(uid)
      .first<number>("n")) ??
    0;
  return made > 0 ? "first_occasion" : null;
}
