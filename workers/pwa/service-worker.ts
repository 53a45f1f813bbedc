import { assetRefs, documentUrlFor, offlinePathFor, pushNotification, swStrategy } from "./sw-routes";

/** Header the Worker puts on a document the service worker may keep (served without a session). */
export const OFFLINE_CACHEABLE_HEADER = "Playfront-Offline";

export type ServiceWorkerConfig = {
  /** The build's version: a new deploy is a new script, so browsers install the update. */
  version: string;
  /** The app shell's hashed files (entry, root, default layout), fetched on install. */
  shell: string[];
};

/**
 * The service worker's script (decision 0056). The routing decision is the tested
 * `swStrategy`, embedded as its own text; the rest is the glue the Cache API needs.
 * Policy: a new worker takes over at once (skipWaiting + clients.claim) and the pages reload
 * once on `controllerchange` (app/features/pwa/pwa-client.ts, 10 s guard).
 */
export function serviceWorkerSource(config: ServiceWorkerConfig): string {
  return `// Playfront service worker ${config.version.replace(/[^\w.-]/g, "")}
"use strict";
const CONFIG = ${JSON.stringify(config)};
const swStrategy = (${swStrategy.toString()});
const offlinePathFor = (${offlinePathFor.toString()});
const documentUrlFor = (${documentUrlFor.toString()});
const assetRefs = (${assetRefs.toString()});
const pushNotification = (${pushNotification.toString()});
const STATIC = "pf-static-" + CONFIG.version;
const PAGES = "pf-pages-" + CONFIG.version;
const MARK = ${JSON.stringify(OFFLINE_CACHEABLE_HEADER)};

// The build's files a page needs, and what their scripts load later (lazy chunks: the chat
// launcher, the error page…), so the page also hydrates and works offline. The browser manifest
// is not read: it names every route of the site. A file's names are read once per worker run
// (every document visit would otherwise reread the same chunks).
const READ = new Set();
async function keepAssets(paths) {
  const statics = await caches.open(STATIC);
  const seen = new Set();
  let next = paths;
  while (next.length) {
    const more = [];
    const level = next.filter((a) => !seen.has(a));
    level.forEach((a) => seen.add(a));
    await Promise.all(level.map(async (a) => {
      let hit = await statics.match(a);
      if (!hit) {
        hit = await fetch(a).catch(() => null);
        if (!hit || !hit.ok) return;
        await statics.put(a, hit.clone());
      }
      if (!a.endsWith(".js") || /\\/manifest-[\\w-]+\\.js$/.test(a) || READ.has(a)) return;
      more.push(...assetRefs(await hit.text(), "script"));
      READ.add(a);
    }));
    next = more;
  }
}

// A document is kept only when the Worker marked it (fetched without a session) and answered it
// directly; its hashed scripts are kept with it.
async function keepDocument(url, response) {
  if (!response.ok || response.redirected || response.headers.get(MARK) !== "cacheable") return;
  const html = await response.clone().text();
  const pages = await caches.open(PAGES);
  await pages.put(url, response);
  await keepAssets(assetRefs(html, "html"));
}

async function fetchAnonymous(path) {
  const url = new URL(path, self.location.origin).href;
  const response = await fetch(url, { credentials: "omit" });
  await keepDocument(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const statics = await caches.open(STATIC);
    await statics.addAll(CONFIG.shell);
    await keepAssets(CONFIG.shell);
    await fetchAnonymous("/offline");
    // The offline page of every locale; the default one is enough when the list cannot be read.
    const list = await fetch("/api/nfx/i18n/locales", { credentials: "omit" }).then((r) => r.json()).catch(() => null);
    const locales = (list && list.data && list.data.locales) || [];
    await Promise.all(locales.map((l) => fetchAnonymous("/" + l.code + "/offline").catch(() => {})));
    // The pages open now were loaded before this worker: keep their public copies ("after one visit").
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    await Promise.all(open.map((c) => {
      const kind = swStrategy({ method: "GET", url: c.url, mode: "navigate", origin: self.location.origin });
      return kind === "document" ? fetchAnonymous(c.url).catch(() => {}) : null;
    }));
    await self.skipWaiting();
  })());
});

// A page asks a waiting worker to take over (app/features/pwa/pwa-client.ts): Chromium parks a
// new worker in "waiting" for good when a page's request reaches the old worker just as it hands
// over, and holds that request until a takeover that never comes. Asking again activates it.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith("pf-") && n !== STATIC && n !== PAGES).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

async function offlinePage(url) {
  const pages = await caches.open(PAGES);
  const page = (await pages.match(offlinePathFor(new URL(url).pathname), { ignoreVary: true })) || (await pages.match("/offline", { ignoreVary: true }));
  return page || new Response("Offline", { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
}

async function cacheFirst(request) {
  const statics = await caches.open(STATIC);
  const hit = await statics.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await statics.put(request, response.clone());
  return response;
}

async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(keepDocument(event.request.url, response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const pages = await caches.open(PAGES);
    return (await pages.match(event.request.url, { ignoreVary: true })) || offlinePage(event.request.url);
  }
}

async function networkOnly(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    return offlinePage(event.request.url);
  }
}

// Route data of a client-side navigation: never stored. Offline, React Router is told to load
// the page as a document instead (its redirect answer: 204 + X-Remix-Redirect, reload), and this
// worker answers that document from its copy or with the offline page, not the router's error screen.
async function routeData(event) {
  try {
    return await fetch(event.request);
  } catch (error) {
    if (event.request.signal.aborted) throw error;
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": documentUrlFor(event.request.url), "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" },
    });
  }
}

self.addEventListener("fetch", (event) => {
  const r = event.request;
  const kind = swStrategy({ method: r.method, url: r.url, mode: r.mode, origin: self.location.origin });
  if (kind === "static") event.respondWith(cacheFirst(r));
  else if (kind === "document") event.respondWith(networkFirst(event));
  else if (kind === "personal") event.respondWith(networkOnly(event));
  else if (kind === "data") event.respondWith(routeData(event));
});

// Web push (decision 0114): the platform's message, decrypted by the browser, shown as a
// notification; a click focuses a window of the site on its URL, or opens one.
self.addEventListener("push", (event) => {
  const shown = pushNotification(event.data ? event.data.text() : null, self.location.origin);
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || self.location.origin + "/";
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const same = open.find((c) => c.url === url) || open[0];
    if (same) {
      await same.focus();
      if (same.url !== url && "navigate" in same) await same.navigate(url);
      return;
    }
    await self.clients.openWindow(url);
  })());
});
`;
}
