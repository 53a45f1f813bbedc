import type { Route } from "./+types/game.$sysname";
import { GamePage, GameUnavailable, preloadRealModeParts } from "../features/game/game-page";
import { gamePageAction, loadGamePage } from "../features/game/game-page.server";
import type { GameScreenHandle } from "../features/game/game-screen";

/** SPEC §2: this is a game screen (the layout hides the chat badge on game screens). */
export const handle: GameScreenHandle = { gameScreen: true };

/** `/game/{sysname}` (`?mode=demo|real`): the game in the studio's frame, with its facts. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [data] = await Promise.all([loadGamePage(context, request, params.sysname), preloadRealModeParts()]);
  return data;
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
