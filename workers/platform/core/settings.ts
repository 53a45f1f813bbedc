import { PlatformError } from "../../../core/api/errors";

/** Reads one JSON document from the `settings` table; a missing one is an operator error. */
export async function readSetting<T>(db: D1Database, key: string): Promise<T> {
  const row = await db.prepare("SELECT value FROM settings WHERE key = ?1").bind(key).first<{ value: string }>();
  if (!row) throw new PlatformError("ApplicationUnavailable", `Site setting '${key}' is not configured`);
  return JSON.parse(row.value) as T;
}

/** A document read with the locales before the call (`kept`; null: not configured), else from the table. */
function readKept<T>(db: D1Database, key: string, kept: string | null | undefined): Promise<T> {
  if (kept === undefined) return readSetting<T>(db, key);
  if (kept === null) return Promise.reject(new PlatformError("ApplicationUnavailable", `Site setting '${key}' is not configured`));
  return Promise.resolve(JSON.parse(kept) as T);
}

/**
 * The `general_info` document of a platform call: the copy read with the locales before the call
 * when there is one (no second query), else from the table.
 */
export const readGeneralInfo = <T>(ctx: { db: D1Database; generalInfo?: string | null }): Promise<T> => readKept<T>(ctx.db, "general_info", ctx.generalInfo);

/** The `metadata` document (the site's SEO defaults), as `readGeneralInfo` reads `general_info`. */
export const readMetadata = <T>(ctx: { db: D1Database; metadata?: string | null }): Promise<T> => readKept<T>(ctx.db, "metadata", ctx.metadata);
