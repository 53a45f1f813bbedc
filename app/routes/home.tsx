import type { Route } from "./+types/home";
import { loadHome } from "../features/content/home.server";
import { Home } from "../features/content/home";
import lobbyStyles from "../styles/lobby.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: lobbyStyles }];

export function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <Home home={loaderData.home} banners={loaderData.banners} gameRows={loaderData.gameRows} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
