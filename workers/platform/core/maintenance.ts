import { closedInMaintenance } from "../../../core/api/call-rules";
import { PlatformError } from "../../../core/api/errors";

/**
 * The operator switch `settings.maintenance = {"enabled": true, "message": "…"}`: while it is on,
 * every other method answers ApplicationDisabledException (503). `maintenance` is the setting's
 * value (read with the locales: loadLocalesAndMaintenance), null when it is not set.
 */
export function assertApplicationEnabled(maintenance: string | null, group: string): void {
  if (!closedInMaintenance(group) || maintenance === null) return;
  const m = JSON.parse(maintenance) as { enabled?: boolean; message?: string };
  if (m.enabled) {
    throw new PlatformError("ApplicationDisabled", m.message || "The site is under maintenance", {
      // The operator's own words, for the maintenance page to show under its translated text.
      params: { maintenance: true, message: m.message || null },
    });
  }
}
