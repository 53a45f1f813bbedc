import type { Route } from "./+types/game.$sysname";
import { GamePage, GameUnavailable } from "../features/game/game-page";
import { gamePageAction, loadGamePage } from "../features/game/game-page.server";
import type { GameScreenHandle } from "../features/game/game-screen";

/** SPEC §2: this is a game screen (the layout hides the chat badge on game screens). */
export const handle: GameScreenHandle = { gameScreen: true };

/** `/game/{sysname}` (`?mode=demo|real`): the game in the studio's frame, with its facts. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadGamePage(context, request, params.sysname);
}

/** Like / unlike (intent), then back to the page. */
export function action({ request, context, params }: Route.ActionArgs) {
  return gamePageAction(context, request, params.sysname);
}

export default function GameRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "error") return <GameUnavailable />;
  return <GamePage {...loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
