import { PlatformError } from "../../../core/api/errors";

/** Reads one JSON document from the `settings` table; a missing one is an operator error. */
export async function readSetting<T>(db: D1Database, key: string): Promise<T> {
  const row = await db.prepare("SELECT value FROM settings WHERE key = ?1").bind(key).first<{ value: string }>();
  if (!row) throw new PlatformError("ApplicationUnavailable", `Site setting '${key}' is not configured`);
  return JSON.parse(row.value) as T;
}

/**
 * The `general_info` document of a platform call: the copy read with the locales before the call
 * when there is one (no second query), else from the table.
 */
export function readGeneralInfo<T>(ctx: { db: D1Database; generalInfo?: string | null }): Promise<T> {
  if (ctx.generalInfo === undefined) return readSetting<T>(ctx.db, "general_info");
  if (ctx.generalInfo === null) return Promise.reject(new PlatformError("ApplicationUnavailable", "Site setting 'general_info' is not configured"));
  return Promise.resolve(JSON.parse(ctx.generalInfo) as T);
}
