import { data, Outlet } from "react-router";
import type { Route } from "./+types/default";
import { getSite } from "../features/site/site.server";
import { SiteFrame } from "../features/layout/site-frame";
import { notFound } from "../features/errors/not-found.server";

/** A `:locale` segment that names no locale of the site fails validation: a fatal 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (getSite(context).unknownLocale) throw notFound(request);
  return data(null);
}

export default function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
