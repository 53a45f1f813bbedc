import type { Route } from "./+types/offline";
import { getSite } from "../features/site/site.server";
import { createT } from "../lib/i18n/translate";
import { escapeMarkup } from "../../core/markup";

/**
 * The offline page (decision 0056): what the service worker shows for a page it has no copy of
 * while the network is down. The worker stores it on install, one per locale, so it is a whole
 * document on its own: no scripts, no stylesheet files, inline CSS, the site's name and colours.
 */
export function loader({ context }: Route.LoaderArgs) {
  const site = getSite(context);
  // A resource route: the layout's locale check does not run for it, so it checks its own.
  if (site.unknownLocale) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const t = createT(site.messages);
  const m = site.metadata;
  const home = site.locale === site.locales.defaultLocale ? "/" : `/${site.locale}`;
  const html = `<!doctype html>
<html lang="${escapeMarkup(site.locale)}" dir="${site.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${escapeMarkup(m.themeColor)}">
<title>${escapeMarkup(t("pwa.offlineTitle"))} · ${escapeMarkup(m.siteName)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,sans-serif;background:${escapeMarkup(m.manifest.background_color)};color:#f5f5f7;text-align:center}
main{max-width:28rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{margin:0 0 1.5rem;color:#c9c9d1}
a{display:inline-block;margin:.25rem;padding:.6rem 1.2rem;border-radius:.5rem;background:${escapeMarkup(m.themeColor)};color:#fff;text-decoration:none;font-weight:600}
a+a{background:transparent;border:1px solid #c9c9d1}
</style>
</head>
<body>
<main data-testid="offline-page">
<h1>${escapeMarkup(t("pwa.offlineTitle"))}</h1>
<p>${escapeMarkup(t("pwa.offlineText"))}</p>
<a href="">${escapeMarkup(t("pwa.retry"))}</a><a href="${home}">${escapeMarkup(t("pwa.home"))}</a>
</main>
</body>
</html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", "x-robots-tag": "noindex" } });
}
