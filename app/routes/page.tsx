import { Suspense } from "react";
import type { Route } from "./+types/page";
import { ContentPage } from "../features/content/content-page";
import { loadHome } from "../features/content/home.server";
import { lazyWithPreload } from "../lib/lazy-with-preload";
import { seoMeta } from "../features/content/seo.server";
import { notFound } from "../features/errors/not-found.server";
import { getSite } from "../features/site/site.server";
import { orErrorPage } from "../lib/api/page-errors.server";
import { getPlatform } from "../middleware/platform.server";

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

// The locale's home is this route's rare case: its code loads in the browser only when it shows,
// so a content page and an unknown slug's 404 carry none of it. The loader preloads it on the
// server, which renders it in place (lib/lazy-with-preload.tsx).
const home = lazyWithPreload(() => import("../features/content/home").then((m) => m.Home));

/** `/{slug}` is a content page, except `/{locale}` which is that locale's home. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const site = getSite(context);
  if (!("locale" in params) && params.slug === site.locale && site.basePath === "/") {
    const [data] = await Promise.all([loadHome(context), home.preload()]);
    return data;
  }
  if (!SLUG.test(params.slug)) throw notFound(request);
  const page = await orErrorPage(getPlatform(context).withLocale(site.locale).call("cms.getPage", { slug: params.slug }));
  if (!page) throw notFound(request);
  return { kind: "page" as const, page, meta: seoMeta(page.seo, site.metadata.siteName, site.origin) };
}

export default function PageRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "home")
    return (
      <Suspense fallback={null}>
        <home.Component {...loaderData} />
      </Suspense>
    );
  return <ContentPage page={loaderData.page} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
