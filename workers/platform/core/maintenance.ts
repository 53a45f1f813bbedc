import { PlatformError } from "../../../app/lib/api/errors";

/** Groups that keep answering in maintenance, so the app can still show a localized, branded page. */
const OPEN_IN_MAINTENANCE = new Set(["nfx/i18n", "metadata", "cms"]);

/** Whether a group answers ApplicationDisabledException while maintenance is on (the API document says so too). */
export const closedInMaintenance = (group: string): boolean => !OPEN_IN_MAINTENANCE.has(group);

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
      params: { maintenance: true },
    });
  }
}
