import type { Route } from "./+types/home";
import { loadHome } from "../features/content/home.server";
import { Home } from "../features/content/home";

export function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <Home {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
