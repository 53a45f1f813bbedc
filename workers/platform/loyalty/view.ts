import { type BonusTermRules, bonusTerms } from "../../../core/jurisdiction-rules";
import { countValue, moneyValue, type OwnValues, ownTexts, textsOf } from "../core/texts";
import { questValues } from "../quests/view";
import { wheelValues } from "../wheel/view";
import type { LoyaltyCharacter, LoyaltyLevel, LoyaltyProgram } from "../../../core/api/contract-loyalty";

/** Loyalty rows as read from D1 and how the contract shows them (texts per locale; decision 0046). */

export interface ProgramRow {
  id: number;
  sysname: string;
  image: string | null;
  rates: string;
  texts: string;
  is_active: number;
}
export interface LevelRow {
  id: number;
  program_id: number;
  sysname: string;
  min_value: number;
  max_value: number | null;
  image: string | null;
  texts: string;
}
export interface CharacterRow {
  id: number;
  sysname: string;
  image: string;
  texts: string;
}

export interface Rates {
  earn?: Record<string, number>;
  value_per_1000?: number;
}

export const ratesOf = (program: ProgramRow, currency: string): Rates => (JSON.parse(program.rates) as Record<string, Rates>)[currency] ?? {};

export function levelView(r: LevelRow, locale: string, fallback: string): LoyaltyLevel {
  return {
    id: r.id,
    sysname: r.sysname,
    title: String(textsOf(r.texts, locale, fallback).title ?? r.sysname),
    image: r.image,
    minValue: r.min_value,
    maxValue: r.max_value,
  };
}

export function characterView(r: CharacterRow, locale: string, fallback: string): LoyaltyCharacter {
  return { id: r.id, sysname: r.sysname, title: String(textsOf(r.texts, locale, fallback).title ?? r.sysname), image: r.image };
}

/** The level whose [minValue, maxValue) holds `experience` (levels ordered by minValue; the first if none). */
export function levelOf<L extends { minValue: number; maxValue: number | null }>(levels: L[], experience: number): L | undefined {
  return levels.find((l) => experience >= l.minValue && (l.maxValue === null || experience < l.maxValue)) ?? levels[0];
}

export async function readLevels(db: D1Database, programId: number): Promise<LevelRow[]> {
  return (await db.prepare("SELECT * FROM loyalty_levels WHERE program_id = ?1 ORDER BY min_value").bind(programId).all<LevelRow>()).results;
}

/** A programme's own numbers for its texts (decision 0084): the money wagered per point, by game kind, in `currency`. */
export function programmeValues(p: ProgramRow, currency: string): OwnValues {
  const earn = ratesOf(p, currency).earn ?? {};
  // A kind that earns nothing (a rate of 0) has no money per point.
  const per = (kind: string) => (earn[kind] ? moneyValue(earn[kind], currency) : null);
  return { slot: per("slot"), fast: per("fast"), table: per("table"), live: per("live"), sport: per("sport") };
}

export function programView(p: ProgramRow, levels: LevelRow[], currency: string, locale: string, fallback: string): LoyaltyProgram {
  const t = textsOf(p.texts, locale, fallback);
  const own = ownTexts(p.texts, locale, fallback, "programme", programmeValues(p, currency), p.sysname);
  const rates = ratesOf(p, currency);
  const earn: LoyaltyProgram["earn"] = {};
  for (const [kind, rate] of Object.entries(rates.earn ?? {})) earn[kind] = rate > 0 ? { amount: rate, currency } : null;
  return {
    id: p.id,
    sysname: p.sysname,
    title: own.title,
    description: own.description,
    image: p.image,
    is_active: p.is_active === 1,
    pointsAlias: String(t.points_alias ?? "points"),
    levels: levels.map((l) => levelView(l, locale, fallback)),
    earn,
    value_per_1000: rates.value_per_1000 ? { amount: rates.value_per_1000, currency } : null,
  };
}

/**
 * What a shop product's texts claim (decision 0084), as SQL over a product `pr` in currency
 * parameter `c`: its reward's money (cash, or the bonus's amount), the pack's spins, the bonus's
 * wagering, its price. One list of expressions serves the shop's columns and a history line's JSON.
 */
const PRODUCT_NUMBERS = (c: string) =>
  [
    ["reward_type", "pr.reward_type"],
    ["money_amount", `json_extract(pr.money, '$.' || ${c})`],
    ["bonus_amount", "pa.amount"],
    ["bonus_wager", "pt.wager_multiplier"],
    ["bonus_base", "pt.wager_base"],
    ["bonus_days", "pt.wagering_days"],
    ["pack_count", "pf.count"],
    ["price", "pr.price"],
  ] as const;

/** The templates a product's numbers come from, joined to `pr` (aliases pt, pa, pf). */
export const PRODUCT_JOINS = (c: string) =>
  `LEFT JOIN bonus_templates pt ON pt.id = pr.bonus_template_id LEFT JOIN bonus_template_amounts pa ON pa.template_id = pt.id AND pa.currency = ${c}
   LEFT JOIN freespin_templates pf ON pf.id = pr.freespin_template_id`;
export const productNumberColumns = (c: string) =>
  PRODUCT_NUMBERS(c)
    .map(([name, expr]) => `${expr} AS ${name}`)
    .join(", ");
export const productNumbersJson = (c: string) =>
  `json_object(${PRODUCT_NUMBERS(c)
    .map(([name, expr]) => `'${name}', ${expr}`)
    .join(", ")})`;

export interface ProductNumbers {
  reward_type: "bonus" | "freespins" | "money";
  money_amount: number | null;
  bonus_amount: number | null;
  bonus_wager: number | null;
  bonus_base: "bonus" | "deposit_bonus" | null;
  bonus_days: number | null;
  pack_count: number | null;
  price: number;
}

/** A product's own numbers in `currency`; its bonus's wagering as the reader's market holds it (`rules`, where known). */
export function productValues(r: ProductNumbers, currency: string, rules?: BonusTermRules): OwnValues {
  const amount = r.reward_type === "money" ? r.money_amount : r.reward_type === "bonus" ? r.bonus_amount : null;
  const wager =
    r.bonus_wager === null
      ? null
      : rules
        ? bonusTerms({ wager_multiplier: r.bonus_wager, wager_base: r.bonus_base ?? "bonus", wagering_days: r.bonus_days ?? 0 }, rules).wager_multiplier
        : r.bonus_wager;
  return {
    amount: moneyValue(amount, currency),
    spins: r.reward_type === "freespins" ? countValue(r.pack_count) : null,
    wager: countValue(wager),
    price: String(r.price),
  };
}

/**
 * The title of what a loyalty history line or notice names — a quest, a shop product, a wheel, a
 * level (`programme`: no numbers of its own) — from `named`, what its query read of it: its `texts`
 * and the numbers they claim (in `reader.currency`; decision 0084); "" when it has no texts.
 */
export function namedTitle(
  kind: "quest" | "product" | "wheel" | "programme",
  // biome-ignore lint/suspicious/noExplicitAny: the query's JSON, shaped as the kind's numbers
  named: { texts?: string | null } & Record<string, any>,
  reader: { locale: string; defaultLocale: string; currency: string },
): string {
  if (!named.texts) return "";
  const values =
    kind === "quest"
      ? questValues(named as Parameters<typeof questValues>[0], reader.currency)
      : kind === "product"
        ? productValues(named as ProductNumbers, reader.currency)
        : kind === "wheel"
          ? wheelValues(named as Parameters<typeof wheelValues>[0], reader.currency)
          : {};
  return ownTexts(named.texts, reader.locale, reader.defaultLocale, kind, values, "").title;
}
