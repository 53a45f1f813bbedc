import { PlatformError } from "../../../app/lib/api/errors";

/** Groups that keep answering in maintenance, so the app can still show a localized, branded page. */
const OPEN_IN_MAINTENANCE = new Set(["nfx/i18n", "metadata", "cms"]);

/**
 * The operator switch `settings.maintenance = {"enabled": true, "message": "…"}`: while it is on,
 * every other method answers ApplicationDisabledException (503).
 */
export async function assertApplicationEnabled(db: D1Database, group: string): Promise<void> {
  if (OPEN_IN_MAINTENANCE.has(group)) return;
  const row = await db.prepare("SELECT value FROM settings WHERE key = 'maintenance'").first<{ value: string }>();
  if (!row) return;
  const m = JSON.parse(row.value) as { enabled?: boolean; message?: string };
  if (m.enabled) {
    throw new PlatformError("ApplicationDisabled", m.message || "The site is under maintenance", {
      params: { maintenance: true },
    });
  }
}
