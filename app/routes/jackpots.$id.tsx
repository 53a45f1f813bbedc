import type { Route } from "./+types/jackpots.$id";
import { JackpotPage } from "../features/jackpots/jackpot-page";
import { loadJackpot } from "../features/jackpots/jackpots.server";

/** `/jackpots/{id}`: a bad or unknown id is a 404. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadJackpot(context, request, params.id);
}

export default function JackpotRoute({ loaderData }: Route.ComponentProps) {
  return <JackpotPage jackpot={loaderData.jackpot} games={loaderData.games} winners={loaderData.winners} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
