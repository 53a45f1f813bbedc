// Every page of the route table (app/routes.ts), plain and under one locale, with real ids from
// the platform: what bench/pages.mjs measures (issue 39: "a page missing from the bench is a bench
// defect"). The table is read from app/routes.ts itself (bundled with esbuild and evaluated), so
// a route added there shows up here; a route whose parameters this file cannot fill fails the
// bench by name instead of being skipped.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { OUT, ROOT } from "./servers.mjs";

/** Routes that are not documents a person opens: resource routes (.ts modules) and the icon sprite. */
const NOT_A_PAGE = new Set(["routes/icons.tsx"]);

/** The route table as React Router's config builds it. */
async function routeTable(appDir = ROOT) {
  const out = await esbuild({
    entryPoints: [join(appDir, "app", "routes.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const file = join(OUT, `routes-${process.pid}.mjs`);
  writeFileSync(file, out.outputFiles[0].text);
  try {
    return (await import(pathToFileURL(file).href)).default;
  } finally {
    rmSync(file, { force: true });
  }
}

/** Every route with a page module: { id, file, pattern } where pattern is the full URL path with its `:params`. */
export async function pageRoutes(appDir = ROOT) {
  const pages = [];
  const walk = (entries, prefix) => {
    for (const r of entries) {
      const path = r.index ? prefix : r.path === undefined ? prefix : `${prefix.replace(/\/$/, "")}/${r.path}`;
      // A layout (with or without a path of its own) is measured through its pages.
      if (r.children?.length) {
        walk(r.children, path);
        continue;
      }
      const id = r.id ?? r.file.replace(/^routes\//, "").replace(/\.tsx?$/, "");
      if (r.file.endsWith(".tsx") && !NOT_A_PAGE.has(r.file)) pages.push({ id, file: r.file, pattern: path || "/" });
    }
  };
  walk(await routeTable(appDir), "");
  // `/{locale}` alone is that locale's home, served by the slug route (app/routes.ts).
  pages.push({ id: "home.localized", file: "routes/page.tsx", pattern: "/:locale" });
  return pages;
}

/** What the platform has to fill the routes' parameters with (ids of real things). */
export async function samples(origin, playerCookie) {
  const api = async (path, cookie) => {
    const res = await fetch(origin + path, { headers: cookie ? { cookie, origin } : {}, signal: AbortSignal.timeout(30_000) });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()).data;
  };
  const [locales, pages, games, categories, jackpots, tournaments, programmes, offers, transactions] = await Promise.all([
    api("/api/nfx/i18n/locales"),
    api("/api/cms/getPages"),
    api(`/api/games/get?options=${encodeURIComponent('{"count":1,"sort":"popular"}')}`),
    api("/api/games/getCategories"),
    api("/api/jackpots/get"),
    api("/api/tournaments/get?status=active"),
    api("/api/loyalty/getPrograms"),
    playerCookie ? api("/api/campaigns/getoffers", playerCookie) : Promise.resolve([]),
    playerCookie ? api("/api/cashier/gethistory?count=1", playerCookie) : Promise.resolve([]),
  ]);
  const list = (x) => (Array.isArray(x) ? x : (x.items ?? []));
  return {
    locale: locales.locales.map((l) => l.code).find((c) => c !== locales.defaultLocale),
    slug: list(pages)[0]?.slug,
    game: games.items[0]?.sysname,
    category: list(categories)[0]?.id,
    jackpot: list(jackpots)[0]?.id,
    tournament: list(tournaments)[0]?.id,
    programme: list(programmes)[0]?.sysname,
    offer: list(offers)[0]?.id,
    transaction: list(transactions)[0]?.id,
  };
}

/** How each route's parameters are filled, by route id (the localized twin shares its plain id's). */
const PARAMS = {
  page: (s) => ({ slug: s.slug }),
  "gamehall.$id": (s) => ({ id: s.category }),
  "game.$sysname": (s) => ({ sysname: s.game }),
  "jackpots.$id": (s) => ({ id: s.jackpot }),
  "tournaments.$id": (s) => ({ id: s.tournament }),
  "tournaments.$id.gamehall": (s) => ({ id: s.tournament }),
  "offers.$id": (s) => ({ id: s.offer }),
  "loyalty.$sysname": (s) => ({ sysname: s.programme }),
  "cashier.deposit-method": () => ({ sysname: "demo_card" }),
  catchall: () => ({ "*": "no-such-page/at-all" }),
};

/** A route whose page needs a query to show anything but the 404 page. */
const QUERY = {
  "cashier.receipt": (s) => (s.transaction ? `?transaction=${encodeURIComponent(s.transaction)}` : undefined),
};

/**
 * The concrete pages: one per route (plain) and its `/:locale` twin, each { id, label, path }.
 * `missing` names every route whose parameters could not be filled: a bench defect.
 */
export function concretePages(routes, s) {
  const pages = [];
  const missing = [];
  for (const r of routes) {
    const plainId = r.id.replace(/\.localized$/, "");
    const values = { locale: s.locale, ...(PARAMS[plainId]?.(s) ?? {}) };
    let ok = true;
    const path = r.pattern
      .split("/")
      .map((seg) => {
        if (seg === "*") return values["*"] ?? ((ok = false), seg);
        if (!seg.startsWith(":")) return seg;
        const name = seg.slice(1).replace(/\?$/, "");
        const v = values[name];
        if (v === undefined || v === null) {
          if (seg.endsWith("?")) return null;
          ok = false;
          return seg;
        }
        return encodeURIComponent(String(v));
      })
      .filter((seg) => seg !== null)
      .join("/");
    const query = QUERY[plainId] ? QUERY[plainId](s) : "";
    if (!ok || query === undefined) missing.push(`${r.id} (${r.pattern})`);
    else pages.push({ id: r.id, label: r.pattern, path: (path || "/") + query });
  }
  return { pages, missing };
}
