import { textsOf } from "../core/texts";
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

export function programView(p: ProgramRow, levels: LevelRow[], currency: string, locale: string, fallback: string): LoyaltyProgram {
  const t = textsOf(p.texts, locale, fallback);
  const rates = ratesOf(p, currency);
  const earn: LoyaltyProgram["earn"] = {};
  for (const [kind, rate] of Object.entries(rates.earn ?? {})) earn[kind] = rate > 0 ? { amount: rate, currency } : null;
  return {
    id: p.id,
    sysname: p.sysname,
    title: String(t.title ?? p.sysname),
    description: String(t.description ?? ""),
    image: p.image,
    is_active: p.is_active === 1,
    pointsAlias: String(t.points_alias ?? "points"),
    levels: levels.map((l) => levelView(l, locale, fallback)),
    earn,
    value_per_1000: rates.value_per_1000 ? { amount: rates.value_per_1000, currency } : null,
  };
}
