import { Link } from "react-router";
import type { Route } from "./+types/providers";
import { lobbyHref } from "../features/games/lobby-params";
import { loadProviders } from "../features/games/lobby.server";
import { useLocalePath, useT } from "../features/site/use-root-data";

export function loader({ context }: Route.LoaderArgs) {
  return loadProviders(context);
}

/** Every game studio with its number of games, each opening the lobby filtered by it. */
export default function Providers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="lobby">
      <h1 className="lobby__title">{t("lobby.providers.title")}</h1>
      <ul className="provider-list">
        {loaderData.providers.map((p) => (
          <li key={p.sysname}>
            <Link to={to(lobbyHref({ providers: [p.sysname] }))} className="provider-list__item" data-provider={p.sysname}>
              <span className="provider-list__name">{p.name}</span>
              <span className="provider-list__count">{t("lobby.providers.games", { count: p.games_count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
