// First-load JavaScript of one page: every script the server-rendered document makes the browser
// fetch before hydration, measured as gzip -9 of the built files. Lazily imported chunks
// (dynamic import()) are listed apart and not counted.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

export const BROWSER_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36";

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i"))?.[1] ?? tag.match(new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`, "i"))?.[1];

// Static `import … from "x"`, `import "x"`, `export … from "x"` (minified or not); never `import("x")`.
const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w$*{},\s]*?\s*from\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

const matchAll = (text, re) => [...text.matchAll(re)].map((m) => m[1]);

/** What the document itself asks for: preloads, script tags, inline module imports, manifest. */
export function documentScripts(html) {
  const urls = new Map(); // url -> why
  const add = (url, why) => url && !urls.has(url) && urls.set(url, why);
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (/^modulepreload$/i.test(attr(tag, "rel") ?? "")) add(attr(tag, "href"), "modulepreload");
  }
  const css = (html.match(/<link\b[^>]*>/gi) ?? []).filter((t) => /^stylesheet$/i.test(attr(t, "rel") ?? "")).map((t) => attr(t, "href"));
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    const src = attr(` ${attrs}`, "src");
    if (src) add(src, "script src");
    else if (/modulepreload/.test(body) && !/type\s*=\s*["']?module/i.test(attrs)) {
      // app/lib/content-first-scripts.server.ts: the head's preloads, asked for after the content.
      for (const u of matchAll(body, /"(\/[^"]+\.js)"/g)) add(u, "modulepreload");
    } else if (/type\s*=\s*["']?module/i.test(attrs)) {
      for (const u of matchAll(body, STATIC_IMPORT)) add(u, "inline import");
      for (const u of matchAll(body, DYNAMIC_IMPORT)) add(u, "inline import()"); // the entry, loaded at once
    }
  }
  // React Router's manifest: the entry and the matched routes' modules with their static imports.
  const manifestText = html.match(/window\.__reactRouterManifest\s*=\s*(\{[\s\S]*?\});\s*window\.__reactRouterRouteModules\s*=\s*(\{[^}]*\})/);
  let matchedRoutes = [];
  if (manifestText) {
    const manifest = JSON.parse(manifestText[1]);
    matchedRoutes = matchAll(manifestText[2], /"([^"]+)"\s*:\s*route\d+/g);
    add(manifest.entry.module, "manifest entry");
    for (const u of manifest.entry.imports ?? []) add(u, "manifest entry import");
    for (const id of matchedRoutes) {
      const r = manifest.routes[id];
      add(r?.module, `route ${id}`);
      for (const u of r?.imports ?? []) add(u, `route ${id} import`);
      for (const c of r?.css ?? []) css.push(c);
    }
  }
  return { urls, matchedRoutes, css: [...new Set(css.filter(Boolean))] };
}

function sizes(file) {
  const buf = readFileSync(file);
  return { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** Adds each counted file's static-import closure; collects dynamic imports as lazy chunks. */
export function firstLoad(html, clientDir) {
  const { urls, matchedRoutes, css } = documentScripts(html);
  const counted = new Map(); // url path -> {why}
  const external = [];
  const lazy = new Set();
  const queue = [];
  for (const [url, why] of urls) {
    if (/^(https?:)?\/\//i.test(url)) external.push(url);
    else queue.push([url, why]);
  }
  while (queue.length) {
    const [url, why] = queue.shift();
    const path = url.split(/[?#]/)[0];
    if (counted.has(path)) continue;
    const file = join(clientDir, path);
    if (!existsSync(file)) throw new Error(`${url} (${why}) is not in ${clientDir}`);
    counted.set(path, { why, ...sizes(file) });
    const code = readFileSync(file, "utf8");
    const resolve = (spec) => (spec.startsWith(".") ? posix.join(posix.dirname(path), spec) : spec);
    for (const spec of matchAll(code, STATIC_IMPORT)) {
      const target = resolve(spec);
      if (target.startsWith("/") && existsSync(join(clientDir, target))) queue.push([target, `static import of ${path}`]);
    }
    for (const spec of matchAll(code, DYNAMIC_IMPORT)) lazy.add(resolve(spec));
  }
  for (const p of counted.keys()) lazy.delete(p);
  const files = [...counted].map(([path, v]) => ({ path, ...v })).sort((a, b) => b.gzip - a.gzip);
  const lazyFiles = [...lazy].filter((p) => existsSync(join(clientDir, p))).map((path) => ({ path, ...sizes(join(clientDir, path)) }));
  const cssFiles = css.filter((p) => existsSync(join(clientDir, p))).map((path) => ({ path, ...sizes(join(clientDir, path)) }));
  const sum = (list, k) => list.reduce((n, f) => n + f[k], 0);
  return {
    matchedRoutes,
    files,
    count: files.length,
    gzip: sum(files, "gzip"),
    raw: sum(files, "raw"),
    notPreloaded: files.filter((f) => f.why.startsWith("static import")).map((f) => f.path),
    external,
    lazy: { count: lazyFiles.length, gzip: sum(lazyFiles, "gzip"), files: lazyFiles.sort((a, b) => b.gzip - a.gzip) },
    css: { count: cssFiles.length, gzip: sum(cssFiles, "gzip"), files: cssFiles },
    allClientJs: allJs(clientDir),
  };
}

/** gzip total of every JS file the client build emitted, for scale. */
function allJs(clientDir) {
  const dir = join(clientDir, "assets");
  const list = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".js")) : [];
  return { count: list.length, gzip: list.reduce((n, f) => n + sizes(join(dir, f)).gzip, 0) };
}

/** `headers`: more request headers (a signed-in player's cookie). */
export async function fetchHtml(url, headers = {}) {
  const res = await fetch(url, {
    headers: { "user-agent": BROWSER_UA, accept: "text/html,application/xhtml+xml,*/*;q=0.8", "accept-encoding": "identity", ...headers },
    signal: AbortSignal.timeout(30_000),
  });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return html;
}

// Debian's Chromium with nothing phoning home (the flags of playwright.config.ts).
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
// After the network has gone idle, another quiet spell this long: an idle callback or a timer may
// still ask for a module (content-first modulepreloads, hydration's lazy routes).
const SETTLE_MS = 1500;

/**
 * What Chromium actually fetches: opens Chromium (mobile emulation, a phone's user agent) once,
 * and `measure(url, clientDir)` loads a page without any interaction, records every JavaScript
 * response of the page's origin until the network is idle, and sums gzip -9 of those files from
 * `clientDir` (the build's `client/`). `close()` stops Chromium. `cookies`: Playwright cookies the
 * context starts with (a signed-in player's session; bench/bonus-player.mjs). A signed-in page holds
 * its realtime socket open, so the network is never idle: `waitUntil: "load"` then waits for the
 * load event and for the set of fetched scripts to stay the same for SETTLE_MS.
 */
export async function openChromium({ cookies = [], waitUntil = "networkidle" } = {}) {
  const { chromium, devices } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const contextOptions = { ...devices["Pixel 7"], userAgent: BROWSER_UA, locale: "en-US", serviceWorkers: "block" };
  const context = await browser.newContext(contextOptions);
  if (cookies.length) await context.addCookies(cookies);
  return {
    browser,
    contextOptions,
    async measure(url, clientDir) {
      const page = await context.newPage();
      const origin = new URL(url).origin;
      const fetched = new Set();
      page.on("response", (res) => {
        const u = new URL(res.url());
        if (u.origin === origin && u.pathname.endsWith(".js")) fetched.add(u.pathname);
      });
      try {
        const res = await page.goto(url, { waitUntil, timeout: 60_000 });
        if (res?.status() !== 200) throw new Error(`GET ${url} answered ${res?.status()}`);
        let seen = -1;
        while (seen !== fetched.size) {
          seen = fetched.size;
          await page.waitForTimeout(SETTLE_MS);
          await page.waitForLoadState(waitUntil);
        }
      } finally {
        await page.close();
      }
      const files = [...fetched].map((path) => {
        const file = join(clientDir, path);
        if (!existsSync(file)) throw new Error(`${url} fetched ${path}, which is not in ${clientDir}`);
        return { path, ...sizes(file) };
      });
      files.sort((a, b) => b.gzip - a.gzip);
      return { url, files, count: files.length, gzip: files.reduce((n, f) => n + f.gzip, 0), raw: files.reduce((n, f) => n + f.raw, 0) };
    },
    close: () => browser.close(),
  };
}

/** Every page a visitor can land on without signing in (label → path), with real ids from the platform. */
export async function anonymousPages(origin) {
  const api = async (path) => (await (await fetch(origin + path, { signal: AbortSignal.timeout(30_000) })).json()).data;
  const games = await api(`/api/games/get?options=${encodeURIComponent('{"count":1,"sort":"popular"}')}`);
  const jackpots = await api("/api/jackpots/get");
  return {
    "/": "/",
    "/gamehall": "/gamehall",
    "/game/{sysname}": `/game/${games.items[0].sysname}`,
    "/providers": "/providers",
    "/jackpots": "/jackpots",
    "/jackpots/{id}": `/jackpots/${jackpots[0].id}`,
    "/winners": "/winners",
    "/betting": "/betting",
    "/{slug} (content page)": "/about",
    "/forms/sign_in": "/forms/sign_in",
    "/forms/sign_up": "/forms/sign_up",
  };
}

/** How long after the load event (hydration starts with the entry module, which runs before it) scripts still count. */
export const AFTER_LOAD_MS = 5000;

/**
 * First-load JavaScript as the bars of DESIGN §5 count it: every `.js` request of the page's origin
 * that Chromium (Pixel 7, a phone's user agent) starts from navigation until `afterLoadMs` after
 * the load event, without any interaction, summed as gzip -9 of the built files in `clientDir`.
 * Unlike `measure`, it never waits for network idle (a signed-in page holds its realtime socket
 * open), and each call opens a fresh browser context, so nothing comes from another page's cache.
 *
 * `chromium`: what `openChromium()` answered (its `cookies` are not used: pass them here).
 * `cookies`: Playwright cookies, e.g. `[{ name: "pf_session", value, url: origin }]` for a player;
 * `status`: the document's expected status (404 for the not-found page).
 * Answers { url, gzip, raw, count, files: [{ path, gzip, raw, afterLoad }] } (files biggest first;
 * `afterLoad` marks a script first asked for after the load event), plus `beforeLoad` (gzip of the
 * scripts asked for before it).
 */
export async function measureFirstLoad(chromium, url, clientDir, { cookies = [], afterLoadMs = AFTER_LOAD_MS, status = 200 } = {}) {
  const context = await chromium.browser.newContext(chromium.contextOptions);
  try {
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    const origin = new URL(url).origin;
    const requested = new Map(); // path -> { afterLoad, url }
    let loaded = false;
    page.on("request", (req) => {
      const u = new URL(req.url());
      if (u.origin === origin && u.pathname.endsWith(".js") && !requested.has(u.pathname)) requested.set(u.pathname, { afterLoad: loaded, url: u.href });
    });
    page.on("load", () => {
      loaded = true;
    });
    const res = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (res?.status() !== status) throw new Error(`GET ${url} answered ${res?.status()}`);
    loaded = true;
    await page.waitForTimeout(afterLoadMs);
    const files = [];
    for (const [path, { afterLoad, url: src }] of requested) {
      const file = join(clientDir, path);
      if (existsSync(file)) files.push({ path, afterLoad, ...sizes(file) });
      else {
        // A script the Worker itself serves (/pwa.js, /analytics.js): its body, as the server sends it.
        const res = await fetch(src, { headers: { "user-agent": BROWSER_UA, "accept-encoding": "identity" } });
        if (res.status !== 200) throw new Error(`${url} fetched ${path}, which is not in ${clientDir} and answers ${res.status}`);
        const buf = Buffer.from(await res.arrayBuffer());
        files.push({ path, afterLoad, served: true, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
      }
    }
    files.sort((a, b) => b.gzip - a.gzip);
    const sum = (list, k) => list.reduce((n, f) => n + f[k], 0);
    return {
      url,
      files,
      count: files.length,
      gzip: sum(files, "gzip"),
      raw: sum(files, "raw"),
      beforeLoad: sum(
        files.filter((f) => !f.afterLoad),
        "gzip",
      ),
    };
  } finally {
    await context.close();
  }
}
