/** What the service worker does with one request (decision 0056). */
export type SwStrategy = "static" | "document" | "personal" | "data" | "bypass";

export type SwRequest = { method: string; url: string; mode: string; origin: string };

/**
 * The service worker's routing decision, a pure function of the request. It is also the code the
 * worker runs: `serviceWorkerSource` embeds its text, so it must stay self-contained (no imports,
 * nothing from the module scope).
 *
 * - static: the build's hashed files (/assets/*): their name changes with their content → cache first.
 * - document: a page anyone may see → network first, the cached copy or the offline page offline.
 * - personal: a page that depends on the player (profile, cashier, VPN, sign-in…) → network only,
 *   never cached; the offline page when the network fails.
 * - data: React Router's route data (`/<path>.data`, a client-side navigation) → network only,
 *   never cached; when the network fails, the router is told to load the page as a document,
 *   which the worker then answers (its copy or the offline page).
 * - bypass: the browser's own handling: /api, /platform, /realtime, route discovery, other
 *   methods and origins — never answered from a cache.
 */
export function swStrategy(req: SwRequest): SwStrategy {
  const PERSONAL = ["profile", "cashier", "vpn", "confirmation", "unsubscribe", "forms", "auth", "oauth"];
  const NEVER = ["api", "platform", "realtime", "oauth", "_ipx", "__bench", "__manifest", "sw.js"];
  if (req.method !== "GET") return "bypass";
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return "bypass";
  }
  if (url.origin !== req.origin) return "bypass";
  const segments = url.pathname.split("/").filter(Boolean);
  const first = segments[0] ?? "";
  if (NEVER.includes(first)) return "bypass";
  if (url.pathname.endsWith(".data")) return "data";
  if (first === "assets" && segments.length > 1) return "static";
  // The platform script of one build (`/pwa.js?v=<version>`): immutable, needed offline too.
  if (first === "pwa.js" && segments.length === 1 && url.searchParams.has("v")) return "static";
  if (req.mode !== "navigate") return "bypass";
  // A locale prefix (`/es/profile`) names the same page as the plain path.
  const page = /^[a-z]{2}(-[a-zA-Z]{2,4})?$/.test(first) ? (segments[1] ?? "") : first;
  if (PERSONAL.includes(page) || PERSONAL.includes(first)) return "personal";
  return "document";
}

/** The offline page of a path's locale: `/es/…` → `/es/offline` (when cached), else `/offline`. */
export function offlinePathFor(pathname: string): string {
  const first = pathname.split("/").filter(Boolean)[0] ?? "";
  return /^[a-z]{2}(-[a-zA-Z]{2,4})?$/.test(first) ? `/${first}/offline` : "/offline";
}

/**
 * The page a route-data request is for: `/faq.data?_routes=…` → `/faq`, `/_.data` → `/` (React
 * Router's single fetch names the index that way), the page's own query kept.
 */
export function documentUrlFor(dataUrl: string): string {
  const url = new URL(dataUrl);
  url.pathname = url.pathname.replace(/(\/_)?\.data$/, "") || "/";
  url.searchParams.delete("_routes");
  return url.pathname + url.search;
}

/**
 * The build's files a document or a script names: `/assets/…` in HTML, and in a chunk the
 * `assets/…` lists of its lazy imports and its `./…` imports (the same folder). Paths as the
 * worker fetches them (`/assets/name.js`).
 */
export function assetRefs(text: string, from: "html" | "script"): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\/?\bassets\/[\w./-]+?\.(?:js|css|woff2)\b/g)) found.add(`/${m[0].replace(/^\//, "")}`);
  if (from === "script") for (const m of text.matchAll(/["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g)) found.add(`/assets/${m[1]}`);
  return [...found];
}

/** What a push shows (decision 0114): its title, and the options `showNotification` takes. */
export type PushShown = { title: string; options: { body: string; tag?: string; icon: string; data: { url: string } } };

/**
 * Reads a push message's text (the platform sends JSON `{title, body, url, tag}`) into the
 * notification to show. The URL opened on a click stays on the site (another origin's, or none,
 * opens the home page); a message that is not that JSON still shows, as its text.
 */
export function pushNotification(text: string | null, origin: string): PushShown {
  let data: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    const parsed = JSON.parse(text ?? "");
    if (parsed && typeof parsed === "object") data = parsed;
  } catch {
    data = { body: text ?? "" };
  }
  let url = `${origin}/`;
  if (typeof data.url === "string") {
    try {
      const u = new URL(data.url, origin);
      if (u.origin === origin) url = u.href;
    } catch {}
  }
  const title = typeof data.title === "string" && data.title ? data.title.slice(0, 120) : "Playfront";
  const body = typeof data.body === "string" ? data.body.slice(0, 400) : "";
  const options: PushShown["options"] = { body, icon: "/favicon.svg", data: { url } };
  if (typeof data.tag === "string" && data.tag) options.tag = data.tag.slice(0, 64);
  return { title, options };
}
