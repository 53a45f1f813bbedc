import { env } from "cloudflare:workers";

/** Shared by offers tests: an operator's offer inserted directly, with what it grants. */

let n = 0;

/** `name` without digits (a marketing text types none, decision 0084): each digit as a letter. */
export const lettersOf = (name: string) => name.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);

export interface OfferSpec {
  action?: "take" | "deposit";
  bonus?: string | null;
  freespins?: string | null;
  exclude?: string[];
  deposits?: "any" | "none" | "some";
  countries?: string[];
  locales?: string[];
  starts_at?: number | null;
  ends_at?: number | null;
  phase?: "scheduled" | "running" | "ended";
  /** Per locale: title, text, image and any other images (default: an English and a Spanish text, no image). */
  texts?: Record<string, Record<string, string | null>>;
}

/** Inserts an offer (bonus template by sysname, default the seeded newcomer chip's); answers its id. */
export async function insertOffer(spec: OfferSpec = {}): Promise<number> {
  const sysname = `test-offer-${Date.now().toString(36)}-${++n}`;
  const row = await env.DB.prepare(
    `INSERT INTO campaign_offers (sysname, trigger_action, exclude_methods, bonus_template_id, freespin_template_id, segment_deposits,
       segment_countries, segment_locales, starts_at, ends_at, phase, texts, position)
     VALUES (?1, ?2, ?3, (SELECT id FROM bonus_templates WHERE sysname = ?4), (SELECT id FROM freespin_templates WHERE sysname = ?5), ?6, ?7, ?8, ?9, ?10, ?11, ?12, 100)
     RETURNING id`,
  )
    .bind(
      sysname,
      spec.action ?? "take",
      JSON.stringify(spec.exclude ?? []),
      spec.bonus === undefined ? "offer-newcomer-chip" : spec.bonus,
      spec.freespins ?? null,
      spec.deposits ?? "any",
      JSON.stringify(spec.countries ?? []),
      JSON.stringify(spec.locales ?? []),
      spec.starts_at ?? null,
      spec.ends_at ?? null,
      spec.phase ?? (spec.starts_at ? "scheduled" : "running"),
      JSON.stringify(
        spec.texts ?? {
          en: { title: `Offer ${lettersOf(sysname)}`, text: "A test offer", image: null },
          es: { title: `Oferta ${lettersOf(sysname)}`, text: "Una oferta" },
        },
      ),
    )
    .first<{ id: number }>();
  return row!.id;
}
