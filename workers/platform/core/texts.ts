import { fillClaims, type OwnKind, ownProblems } from "../../../core/claims.mjs";
import { formatMoney } from "../../../core/money";

/**
 * A configured row's texts per locale (a JSON object `{ "<locale>": { title, description, … } }`
 * written in the back office): loyalty programmes, quests, wheel campaigns, tournaments, sports.
 */

type Texts = Record<string, Record<string, unknown> | undefined>;

/** The texts of `locale`, else the default locale's, else English, else none. */
// The texts have several shapes (titles, the notices' templates), written in the back office.
// biome-ignore lint/suspicious/noExplicitAny: each caller reads the field it knows
export function textsOf(json: string | null, locale: string, fallback: string): Record<string, any> {
  const all = JSON.parse(json ?? "{}") as Texts;
  return all[locale] ?? all[fallback] ?? all.en ?? {};
}

/** A catalogue row's heading in the reader's locale: id, sysname, title (else the sysname), description, image. */
export function headingOf(r: { id: number; sysname: string; image: string | null; texts: string }, locale: string, fallback: string) {
  const t = textsOf(r.texts, locale, fallback);
  return { id: r.id, sysname: r.sysname, title: String(t.title ?? r.sysname), description: String(t.description ?? ""), image: r.image };
}

/** A configured object's own numbers, by field (`OWN_FIELDS` of its kind): null when the reader has none. */
export type OwnValues = Record<string, string | null | undefined>;

/** An own value's text: money of `amount` minor units in `currency` (as SPEC §9 writes it); null when there is none. */
export const moneyValue = (amount: number | null | undefined, currency: string) => (typeof amount === "number" ? formatMoney({ amount, currency }) : null);
/** An own value's text: a count; null when there is none. */
export const countValue = (n: number | null | undefined) => (typeof n === "number" ? String(n) : null);

/**
 * A text of a configured object filled with its own numbers (decision 0084): `{{kind.field}}` from
 * `values`. "" when it cannot be derived — a number typed as text, a field its kind has not, a value
 * the reader has not (a prize without an amount in their currency): never shown wrong.
 */
export function ownText(text: unknown, kind: OwnKind, values: OwnValues): string | undefined {
  if (text === undefined || text === null) return undefined;
  const s = String(text);
  if (ownProblems([s], kind).length) return "";
  return fillClaims(s, Object.fromEntries(Object.entries(values).map(([f, v]) => [`${kind}.${f}`, v]))) ?? "";
}

/**
 * A configured object's title and description in a locale (`textsOf`), each with its own numbers
 * filled (`ownText`); the title falls back to `name`.
 */
export function ownTexts(
  json: string | null,
  locale: string,
  fallback: string,
  kind: OwnKind,
  values: OwnValues,
  name: string,
): { title: string; description: string } {
  const t = textsOf(json, locale, fallback);
  return { title: ownText(t.title, kind, values) || name, description: ownText(t.description, kind, values) ?? "" };
}

/** `headingOf` with the row's own numbers filled (`ownTexts`). */
export function ownHeadingOf(
  r: { id: number; sysname: string; image: string | null; texts: string },
  locale: string,
  fallback: string,
  kind: OwnKind,
  values: OwnValues,
) {
  return { id: r.id, sysname: r.sysname, ...ownTexts(r.texts, locale, fallback, kind, values, r.sysname), image: r.image };
}
