import type { Route } from "./+types/tournaments.$id";
import { preloadTournamentParts, TournamentPage } from "../features/tournaments/tournament-page";
import { loadTournament, participateAction, type ParticipateActionData } from "../features/tournaments/tournaments.server";

/** `/tournaments/{id}`: a bad or unknown id is a 404. */
export const loader = async (args: Route.LoaderArgs) => (await Promise.all([loadTournament(args, args.params.id), preloadTournamentParts()]))[0];
export const action = (args: Route.ActionArgs) => participateAction(args);

export default function TournamentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TournamentPage data={loaderData} answer={actionData as ParticipateActionData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
