import type { Route } from "./+types/page";
import { ContentPage } from "../features/content/content-page";
import { loadHome } from "../features/content/home.server";
import { Home } from "../features/content/home";
import { seoMeta } from "../features/content/seo.server";
import { notFound } from "../features/errors/not-found.server";
import { getSite } from "../features/site/site.server";
import { orErrorPage } from "../lib/api/page-errors.server";
import { getPlatform } from "../middleware/platform.server";

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** `/{slug}` is a content page, except `/{locale}` which is that locale's home. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const site = getSite(context);
  if (!("locale" in params) && params.slug === site.locale && site.basePath === "/") return loadHome(context);
  if (!SLUG.test(params.slug)) throw notFound(request);
  const page = await orErrorPage(getPlatform(context).withLocale(site.locale).call("cms.getPage", { slug: params.slug }));
  if (!page) throw notFound(request);
  return { kind: "page" as const, page, meta: seoMeta(page.seo, site.metadata.siteName, site.origin) };
}

export default function PageRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "home") return <Home {...loaderData} />;
  return <ContentPage page={loaderData.page} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
