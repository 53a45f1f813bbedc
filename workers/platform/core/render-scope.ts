import type { LoadedSession } from "../auth/sessions";
import { loadLocalesAndMaintenance, type PlatformSettings as Settings } from "../i18n/locales";
import type { RunObject } from "../player/coalesce";

/**
 * What the in-process platform calls of one page request share (workers/app.ts makes one per
 * page request). Every call needs the enabled locales and the maintenance switch before it runs;
 * a render makes several calls (account, the page's reads), so they read both once, as one
 * snapshot: the page sees one maintenance state. The scope's promise is never shared between
 * requests: a promise whose I/O belongs to one request must not be awaited by another
 * (site-cache.server.ts).
 */
export interface RenderScope {
  settings?: Promise<Settings>;
  /**
   * The sessions the render's reads looked up, by the cookie's value (issue 39): a signed-in page
   * makes 5–9 calls, and each looked its session up in D1. Only reads (GET) share a lookup; a
   * write (sign-in, sign-out, a password change…) empties this and looks its own up.
   */
  sessions?: Map<string, Promise<LoadedSession>>;
  /** The answers of the render's repeated reads (render-reads.ts); emptied by any write. */
  reads?: Map<string, Promise<D1Result<unknown>>>;
  /**
   * Answers that came with the session lookup for a read the render makes once, of tables whose
   * reads are not kept (the campaign popups a signed-in page's shell asks for): taken by the first
   * read that asks (render-reads.ts `keepOnce`); emptied by any write.
   */
  once?: Map<string, D1Result<unknown>>;
  /** The render's reads of each player's object waiting to go as one call, by uid (player/coalesce.ts). */
  objectRuns?: Map<number, RunObject>;
  /**
   * Answers of other objects the render's read calls share, by key (`sharedRead`: the reader's
   * row on a tournament's board, which the tournament's card and its leaderboard both show);
   * emptied by any write.
   */
  shared?: Map<string, Promise<unknown>>;
}

/**
 * `read`'s answer, asked once for every read call of the render that asks by `key` (each call
 * asks alone without a scope). A failure is not kept: the next call asks again.
 */
export function sharedRead<T>(scope: RenderScope | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!scope) return read();
  const kept = (scope.shared ??= new Map());
  let answer = kept.get(key) as Promise<T> | undefined;
  if (!answer) {
    const asked = read();
    kept.set(key, asked);
    asked.catch(() => kept.get(key) === asked && kept.delete(key));
    answer = asked;
  }
  return answer;
}

/** How long an isolate keeps its reads of the site's settings (SETTINGS_CACHE_MS; 0: not kept). */
export const settingsKeepMs = (env: Pick<Env, "SETTINGS_CACHE_MS">): number => Number(env.SETTINGS_CACHE_MS ?? 0) || 0;

/**
 * The isolate's last settled read, reused for `keepMs` (SETTINGS_CACHE_MS, decision 0036): one
 * D1 statement fewer on every page and /api call (a round trip at the edge, ~10% of a local
 * render's CPU). A settled value, not a promise, so no request waits on another's I/O; the
 * operator's maintenance switch then shows within `keepMs`.
 */
let kept: { value: Settings; at: number } | undefined;

/**
 * The locales and maintenance switch: the isolate's read if younger than `keepMs`, else read once
 * per scope (or for this call alone without one). A failure is not kept.
 */
export function localesAndMaintenance(db: D1Database, scope: RenderScope | undefined, keepMs = 0, now: () => number = Date.now): Promise<Settings> {
  const age = kept ? now() - kept.at : -1;
  if (kept && keepMs > 0 && age >= 0 && age < keepMs) return Promise.resolve(kept.value);
  const read = () =>
    loadLocalesAndMaintenance(db).then((value) => {
      kept = { value, at: now() };
      return value;
    });
  if (!scope) return read();
  return (scope.settings ??= read().catch((e: unknown) => {
    scope.settings = undefined;
    throw e;
  }));
}
