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
