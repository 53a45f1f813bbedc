import type { Locale, LocaleList } from "../../../core/api/entities";

interface LocaleRow {
  code: string;
  name: string;
  icon: string;
  dir: "ltr" | "rtl";
  is_default: number;
  position: number;
}

// Ordered here rather than in SQL: D1 counts each row a sort passes as one more row read.
const LOCALES_SQL = "SELECT code, name, icon, dir, is_default, position FROM locales WHERE is_enabled = 1";
const byPosition = (a: LocaleRow, b: LocaleRow) => a.position - b.position || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

function toLocaleList(results: LocaleRow[]): LocaleList {
  const locales: Locale[] = [...results].sort(byPosition).map((r) => ({
    code: r.code,
    name: r.name,
    icon: r.icon,
    dir: r.dir,
    isDefault: r.is_default === 1,
  }));
  const defaultLocale = locales.find((l) => l.isDefault)?.code ?? locales[0]?.code ?? "";
  return { locales, defaultLocale };
}

export async function loadLocales(db: D1Database): Promise<LocaleList> {
  const { results } = await db.prepare(LOCALES_SQL).all<LocaleRow>();
  return toLocaleList(results);
}

export type PlatformSettings = LocaleList & {
  /** The maintenance switch's JSON, null when it is not set. */
  maintenance: string | null;
  /** The `general_info` document's JSON (site currencies…), null when it is not configured. */
  generalInfo: string | null;
  /** The `metadata` document's JSON (the site's SEO defaults every page asks for), null when it is not configured. */
  metadata: string | null;
  /** The `content_images` setting's JSON (which image a description shows), null when it is not set. */
  contentImages: string | null;
  /** The configuration's version the players' objects copy (replica_state, decision 0075); null before migration 0049. */
  replica: number | null;
};

/**
 * What every platform call reads first, the enabled locales and the maintenance switch, in one
 * statement: each query is a round trip at the edge, and a page makes several calls (issue 15).
 * The general settings come with them: a visitor's account and every page of games need the
 * site's currency, and a page would otherwise read them once more.
 */
export async function loadLocalesAndMaintenance(db: D1Database): Promise<PlatformSettings> {
  const { results } = await db
    .prepare(
      `SELECT 0 AS k, code, name, icon, dir, is_default, position, NULL AS value FROM (${LOCALES_SQL})
       UNION ALL SELECT 1, key, NULL, NULL, NULL, NULL, NULL, value FROM settings WHERE key IN ('maintenance', 'general_info', 'metadata', 'content_images')
       UNION ALL SELECT 2, 'replica', NULL, NULL, NULL, NULL, NULL, version FROM replica_state`,
    )
    .all<LocaleRow & { k: number; value: string | number | null }>();
  const setting = (key: string) => (results.find((r) => r.k === 1 && r.code === key)?.value as string | undefined) ?? null;
  const replica = results.find((r) => r.k === 2)?.value;
  return {
    ...toLocaleList(results.filter((r) => r.k === 0)),
    maintenance: setting("maintenance"),
    generalInfo: setting("general_info"),
    metadata: setting("metadata"),
    contentImages: setting("content_images"),
    replica: typeof replica === "number" ? replica : null,
  };
}

/** The site's locales of a platform call: the copy read with the settings before it when there is one, else from the table. */
export function siteLocales(ctx: { db: D1Database; locales?: LocaleList }): Promise<LocaleList> {
  return ctx.locales ? Promise.resolve(ctx.locales) : loadLocales(ctx.db);
}

/** Turns flat dotted keys into the nested bundle i18next reads. */
export function nestMessages(rows: { key: string; value: string }[]) {
  const out: Record<string, unknown> = {};
  for (const { key, value } of rows) {
    const parts = key.split(".");
    let node = out;
    for (const p of parts.slice(0, -1)) {
      const next = node[p];
      node = (typeof next === "object" && next !== null ? next : (node[p] = {})) as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}
