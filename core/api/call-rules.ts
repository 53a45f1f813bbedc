import type { MethodKey } from "./contract";
import type { MethodDecl } from "./define";

/**
 * How the platform treats a call by its method's group, before the method's own handler runs.
 * Here, beside the contract, because the platform applies them (workers/platform/core/maintenance.ts,
 * auth/request-session.ts) and the API document declares what they answer (error-answers.ts).
 */

/** Groups that keep answering in maintenance, so the app can still show a localized, branded page. */
const OPEN_IN_MAINTENANCE = new Set(["nfx/i18n", "metadata", "cms"]);

/**
 * Site data that is the same for everyone: no session lookup (a page render calls these several
 * times), and so still served to a banned player, whose forbidden page needs it localized and branded.
 */
const SITE_DATA_GROUPS = new Set(["nfx/i18n", "metadata", "cms"]);
const BANNED_MAY_CALL = new Set<string>(["auth.logout"]);

/** Whether a group answers ApplicationDisabledException while maintenance is on. */
export const closedInMaintenance = (group: string): boolean => !OPEN_IN_MAINTENANCE.has(group);

export const needsSession = (decl: Pick<MethodDecl, "group">): boolean => !SITE_DATA_GROUPS.has(decl.group);

/** Whether a signed-in banned player gets UserBannedException from this method. */
export const refusesBanned = (key: MethodKey, decl: Pick<MethodDecl, "group">): boolean => needsSession(decl) && !BANNED_MAY_CALL.has(key);
