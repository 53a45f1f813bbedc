import type { Locale, LocaleList } from "../../../app/lib/api/entities";

interface LocaleRow {
  code: string;
  name: string;
  icon: string;
  dir: "ltr" | "rtl";
  is_default: number;
}

export async function loadLocales(db: D1Database): Promise<LocaleList> {
  const { results } = await db
    .prepare("SELECT code, name, icon, dir, is_default FROM locales WHERE is_enabled = 1 ORDER BY position, code")
    .all<LocaleRow>();
  const locales: Locale[] = results.map((r) => ({
    code: r.code,
    name: r.name,
    icon: r.icon,
    dir: r.dir,
    isDefault: r.is_default === 1,
  }));
  const defaultLocale = locales.find((l) => l.isDefault)?.code ?? locales[0]?.code ?? "";
  return { locales, defaultLocale };
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
