import { Link } from "react-router";
import type { Route } from "./+types/providers";
import { lobbyHref } from "../features/games/lobby-params";
import { loadProviders } from "../features/games/lobby.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { responsiveImage, type ImageSizes } from "../lib/images";

/** A wordmark is 300×100 (3:1); the list's cards are 220–300 px wide on every screen. */
const LOGO_SIZES: ImageSizes = { default: 240 };

/**
 * Every game studio, as its wordmark (decision 0033), with its number of games, each opening the
 * lobby filtered by it. The wordmark draws the name, so the text name is visually hidden and
 * names the link; the logos are lazy but the first row's (likely on screen).
 */
export default function Providers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="lobby">
      <h1 className="lobby__title">{t("lobby.providers.title")}</h1>
      <ul className="provider-list">
        {loaderData.providers.map((p, i) => {
          const logo = responsiveImage(p.logo, { width: 240, height: 80, sizes: LOGO_SIZES });
          return (
            <li key={p.sysname}>
              <Link to={to(lobbyHref({ providers: [p.sysname] }))} className="provider-list__item" data-provider={p.sysname}>
                <img
                  className="provider-list__logo"
                  src={logo.src}
                  srcSet={logo.srcSet || undefined}
                  sizes={logo.sizes}
                  width={240}
                  height={80}
                  alt=""
                  decoding="async"
                  loading={i < 4 ? "eager" : "lazy"}
                />
                <span className="provider-list__name visually-hidden">{p.name}</span>
                <span className="provider-list__count">{t("lobby.providers.games", { count: p.games_count })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function loader({ context }: Route.LoaderArgs) {
  return loadProviders(context);
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
