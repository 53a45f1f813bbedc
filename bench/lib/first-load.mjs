// First-load JavaScript of one page: every script the server-rendered document makes the browser
// fetch before hydration, measured as gzip -9 of the built files. Lazily imported chunks
// (dynamic import()) are listed apart and not counted.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

export const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36";

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

export async function fetchHtml(url) {
  const res = await fetch(url, {
    headers: { "user-agent": BROWSER_UA, accept: "text/html,application/xhtml+xml,*/*;q=0.8", "accept-encoding": "identity" },
    signal: AbortSignal.timeout(30_000),
  });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  return html;
}
