/**
 * Where the platform may post a push (decision 0114): the push services browsers subscribe at, never
 * any URL a client names — else a subscription would make the Worker POST to a host of the
 * subscriber's choosing (a reflection of our traffic, with our VAPID signature). A pattern `*.host`
 * is any name under host; anything else is one host. `PUSH_SERVICE_HOSTS` (comma-separated) replaces
 * the list, e.g. for a browser whose service is not here; the demo relay's endpoints are the site's own.
 */
export const BROWSER_PUSH_SERVICES = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging)
  "fcm.googleapis.com",
  // Firefox (Mozilla's autopush)
  "*.push.services.mozilla.com",
  // Safari on macOS and iOS
  "web.push.apple.com",
  // Edge on Windows (Windows Push Notification Services)
  "*.notify.windows.com",
] as const;

/** A host pattern: a DNS name, optionally `*.` first. */
export const PUSH_HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/** The configured hosts, else the browsers' services. */
export function pushServiceHosts(env: { PUSH_SERVICE_HOSTS?: string }): string[] {
  const configured = (env.PUSH_SERVICE_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return configured.length ? configured : [...BROWSER_PUSH_SERVICES];
}

/** Whether `endpoint` is an https URL, on the default port, of a push service the site posts to. */
export function isPushService(env: { PUSH_SERVICE_HOSTS?: string }, endpoint: string): boolean {
  const url = URL.parse(endpoint);
  if (url?.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return pushServiceHosts(env).some((p) => (p.startsWith("*.") ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p));
}
