import type { Route } from "./+types/favicon";
import { getSite } from "../features/site/site.server";
import { notFound } from "../features/errors/not-found.server";

/**
 * `/favicon.ico`, which browsers and crawlers ask for whatever the page links: the site's own
 * icon from its settings (SPEC §2: favicons come from settings), by a permanent redirect.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const icon = getSite(context).metadata.favicons.find((f) => f.rel === "icon");
  if (!icon) throw notFound(request);
  return new Response(null, { status: 301, headers: { location: icon.href, "cache-control": "public, max-age=86400" } });
}
