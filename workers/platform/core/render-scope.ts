import { loadLocalesAndMaintenance, type PlatformSettings as Settings } from "../i18n/locales";

/**
 * What the in-process platform calls of one page request share (workers/app.ts makes one per
 * page request). Every call needs the enabled locales and the maintenance switch before it runs;
 * a render makes several calls (account, the page's reads), so they read both once, as one
 * snapshot: the page sees one maintenance state. Never shared between requests: a promise whose
 * I/O belongs to one request must not be awaited by another (site-cache.server.ts), and a switch
 * the operator flips shows on the very next request.
 */
export interface RenderScope {
  settings?: Promise<Settings>;
}

/** The locales and maintenance switch: once per scope, or for this call alone without one. A failure is not kept. */
export function localesAndMaintenance(db: D1Database, scope: RenderScope | undefined): Promise<Settings> {
  if (!scope) return loadLocalesAndMaintenance(db);
  return (scope.settings ??= loadLocalesAndMaintenance(db).catch((e: unknown) => {
    scope.settings = undefined;
    throw e;
  }));
}
