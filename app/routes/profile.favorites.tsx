import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/profile.favorites";
import { GameTile } from "../features/games/game-tile";
import { favoritesAction, loadFavorites } from "../features/profile/favorites.server";
import { ProfileNav } from "../features/profile/profile-nav";
import { useLocalePath, useT } from "../lib/i18n/use-t";

export const loader = (args: Route.LoaderArgs) => loadFavorites(args);
export const action = (args: Route.ActionArgs) => favoritesAction(args);

/** The player's liked games, each with a real Unlike form (works without JavaScript). */
export default function ProfileFavorites({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const busy = useNavigation().state === "submitting";
  const { games } = loaderData;
  return (
    <section className="profile-games">
      <ProfileNav current="/profile/favorites" />
      <h1>{t("profileGames.favorites.title")}</h1>
      {games.length === 0 ? (
        <p className="notice profile-games__empty">
          {t("profileGames.favorites.empty")} <Link to={to("/gamehall")}>{t("profileGames.favorites.browse")}</Link>
        </p>
      ) : (
        <ul className="profile-favorites">
          {games.map((game, index) => (
            <li key={game.sysname} className="profile-favorites__item" data-favorite={game.sysname}>
              <ul className="profile-favorites__tile">
                <GameTile game={game} index={index} href={to(`/game/${game.sysname}`)} />
              </ul>
              <Form method="post" className="profile-favorites__unlike">
                <input type="hidden" name="intent" value="unlike" />
                <input type="hidden" name="sysname" value={game.sysname} />
                <button type="submit" className="btn btn--ghost" disabled={busy} aria-label={t("profileGames.favorites.unlikeGame", { title: game.title })}>
                  {t("profileGames.favorites.unlike")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Favorites"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
