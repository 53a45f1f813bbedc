/**
 * A short per-isolate cache for public site data (locales, bundles, CMS configuration, metadata,
 * redirects) so a page render does not query the platform for the same documents each time.
 * Operator edits show within the TTL. Failures are not cached.
 */
const entries = new Map<string, { until: number; value: Promise<unknown> }>();

export function cached<T>(key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  if (ttlSeconds <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.until > now) return hit.value as Promise<T>;
  const value = load();
  entries.set(key, { until: now + ttlSeconds * 1000, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}
