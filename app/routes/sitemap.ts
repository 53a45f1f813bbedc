import type { Route } from "./+types/sitemap";
import { getSite } from "../features/site/site.server";
import { loadSitemap } from "../features/seo/sitemap.server";

/** `/sitemap.xml` (the index) and `/sitemaps/{pages|games-n}.xml`: every public page in every locale (issue 41). */
export const loader = ({ params, request, context }: Route.LoaderArgs) => loadSitemap(params.part ?? null, request, context, getSite(context));
