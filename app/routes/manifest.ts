import type { Route } from "./+types/manifest";
import { getSite } from "../features/site/site.server";

/**
 * The web-app manifest, from the site settings (SPEC §2). The installed app opens with
 * `?platform=pwa`, so the server knows it renders for the PWA platform (decision 0056).
 */
export function loader({ context }: Route.LoaderArgs) {
  const site = getSite(context);
  const m = site.metadata.manifest;
  const home = site.locale === site.locales.defaultLocale ? "/" : `/${site.locale}`;
  return Response.json(
    { ...m, id: "/", start_url: `${home}?platform=pwa`, scope: "/", lang: site.locale, dir: site.dir },
    { headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=3600" } },
  );
}
