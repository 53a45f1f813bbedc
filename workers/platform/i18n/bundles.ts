/**
 * A locale's messages as one D1 row (issue 39, migration 0065): `message_bundles` holds the
 * locale's keys as one flat JSON object. A change to `messages` deletes the locale's bundle (the
 * migration's triggers); the first read after it builds the bundle again from the keys, in one
 * statement, and keeps it. A read of a kept bundle is one row, not one row per key (~1,264).
 */
const READ_SQL = `SELECT b.bundle, b.bundle IS NULL AND EXISTS (SELECT 1 FROM messages WHERE locale = ?1) AS stale
  FROM (SELECT 1) LEFT JOIN message_bundles b ON b.locale = ?1`;

/** Builds and keeps the bundle of a locale that has keys; answers it (nothing for a locale without keys). */
const BUILD_SQL = `INSERT OR REPLACE INTO message_bundles (locale, bundle)
  SELECT ?1, json_group_object(key, value) FROM (SELECT key, value FROM messages WHERE locale = ?1 ORDER BY key) HAVING COUNT(*) > 0
  RETURNING bundle`;

/** The locale's keys and values, in key order (as `ORDER BY key` read them); none for a locale without keys. */
export async function readMessages(db: D1Database, locale: string): Promise<{ key: string; value: string }[]> {
  const row = await db.prepare(READ_SQL).bind(locale).first<{ bundle: string | null; stale: number }>();
  let json = row?.bundle ?? null;
  if (json === null && row?.stale) json = (await db.prepare(BUILD_SQL).bind(locale).first<{ bundle: string }>())?.bundle ?? null;
  if (json === null) return [];
  const flat = JSON.parse(json) as Record<string, string>;
  // Keys are compared as SQLite's BINARY collation does (code points; keys are ASCII in practice).
  return Object.keys(flat)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => ({ key, value: flat[key]! }));
}
