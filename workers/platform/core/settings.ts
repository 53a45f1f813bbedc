import { PlatformError } from "../../../app/lib/api/errors";

/** Reads one JSON document from the `settings` table; a missing one is an operator error. */
export async function readSetting<T>(db: D1Database, key: string): Promise<T> {
  const row = await db.prepare("SELECT value FROM settings WHERE key = ?1").bind(key).first<{ value: string }>();
  if (!row) throw new PlatformError("ApplicationUnavailable", `Site setting '${key}' is not configured`);
  return JSON.parse(row.value) as T;
}
