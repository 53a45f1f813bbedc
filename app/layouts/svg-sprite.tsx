import { data, Outlet } from "react-router";
import type { Route } from "./+types/svg-sprite";
import { notFound } from "../features/errors/not-found.server";
import { getSite } from "../features/site/site.server";

/** `/_icons` and `/{locale}/_icons` (every route plain and prefixed); an unknown prefix is a 404. */
export function loader({ request, context }: Route.LoaderArgs) {
  if (getSite(context).unknownLocale) throw notFound(request);
  return data(null);
}

/** The svg-sprite layout: a bare canvas that shows the icon sprite. */
export default function SvgSpriteLayout() {
  return (
    <main id="main" className="main main--sprite">
      <Outlet />
    </main>
  );
}
