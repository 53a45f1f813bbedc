/**
 * A short per-isolate cache for public site data (locales, bundles, CMS configuration, metadata,
 * redirects) so a page render does not query the platform for the same documents each time.
 * Operator edits show within the TTL.
 *
 * Only settled values are shared between requests, never a promise. In Workers a promise whose I/O
 * belongs to one request cannot be relied on by another: when the first request ends or is
 * cancelled, its I/O is cancelled, and every other request awaiting that promise is dropped by the
 * runtime ("the Worker's code had hung"). So a request that finds nothing loads for itself; a
 * request that finds an expired value answers it at once and refreshes it in the background
 * (stale-while-revalidate, one refresh per key at a time, kept alive with `waitUntil`). Failures
 * are not cached: a failed first load fails that request only, a failed refresh keeps the old value.
 */
interface Entry {
  value: unknown;
  /** When the value was asked for: a slower, older load never replaces a newer value. */
  loadedAt: number;
  freshUntil: number;
  /** When the refresh under way started (0: none). One that never settles is retried after this. */
  refreshingSince: number;
}

/** A refresh that has not settled after this long is presumed lost, and the next request retries. */
export const REFRESH_GIVE_UP_MS = 10_000;

export type WaitUntil = (promise: Promise<unknown>) => void;

export interface IsolateCache {
  /** The value under `key`: loaded by `load` when missing, refreshed in the background when stale. */
  cached<T>(key: string, ttlSeconds: number, load: () => Promise<T>, waitUntil: WaitUntil): Promise<T>;
  clear(): void;
}

/**
 * A cache of settled values for this isolate. `maxEntries` bounds one whose keys come from the
 * request (pages of the catalogue): past it, the entry used least recently goes.
 */
export function isolateCache(maxEntries = Infinity): IsolateCache {
  const entries = new Map<string, Entry>();

  async function loadInto<T>(key: string, ttlSeconds: number, load: () => Promise<T>, startedAt: number): Promise<T> {
    const value = await load();
    const freshUntil = Date.now() + ttlSeconds * 1000;
    const current = entries.get(key);
    if (current && current.loadedAt <= startedAt) Object.assign(current, { value, loadedAt: startedAt, freshUntil });
    else if (!current) {
      entries.set(key, { value, loadedAt: startedAt, freshUntil, refreshingSince: 0 });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    }
    return value;
  }

  return {
    cached<T>(key: string, ttlSeconds: number, load: () => Promise<T>, waitUntil: WaitUntil): Promise<T> {
      if (ttlSeconds <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (!hit) return loadInto(key, ttlSeconds, load, now);
      if (maxEntries !== Infinity) {
        entries.delete(key); // re-inserted last: the Map's order is the order of last use
        entries.set(key, hit);
      }
      if (hit.freshUntil <= now && now - hit.refreshingSince >= REFRESH_GIVE_UP_MS) {
        hit.refreshingSince = now;
        const refresh = loadInto(key, ttlSeconds, load, now).then(
          () => undefined,
          (e: unknown) => console.error(`site cache: refreshing ${key} failed; the previous value stays`, e),
        );
        waitUntil(refresh.finally(() => (hit.refreshingSince = 0)));
      }
      return Promise.resolve(hit.value as T);
    },
    clear: () => entries.clear(),
  };
}

/** Site data: a fixed set of keys (documents × locales × origins), so unbounded. */
const site = isolateCache();
export const cached = site.cached;

/**
 * Public pages of the catalogue (the lobby's first pages, the home page's rows, a game's card):
 * the same for every visitor, keyed by what was asked, so bounded. 512 pages of at most 24 tiles
 * are a few megabytes of the isolate's 128 MB.
 */
export const CATALOGUE_CACHE_ENTRIES = 512;
export const catalogueCache = isolateCache(CATALOGUE_CACHE_ENTRIES);

/** Tests only: forget every entry. */
export function clearSiteCache(): void {
  site.clear();
  catalogueCache.clear();
}
