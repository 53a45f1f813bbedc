import type { Route } from "./+types/manifest";
import { getSite } from "../features/site/site.server";

/** The web-app manifest, from the site settings (SPEC §2). */
export function loader({ context }: Route.LoaderArgs) {
  const site = getSite(context);
  const m = site.metadata.manifest;
  return Response.json(
    { ...m, start_url: site.locale === site.locales.defaultLocale ? "/" : `/${site.locale}`, scope: "/", lang: site.locale, dir: site.dir },
    { headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=3600" } },
  );
}
