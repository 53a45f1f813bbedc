import type { Route } from "./+types/tournaments.$id";
import { TournamentPage } from "../features/tournaments/tournament-page";
import { loadTournament, participateAction, type ParticipateActionData } from "../features/tournaments/tournaments.server";

/** `/tournaments/{id}`: a bad or unknown id is a 404. */
export const loader = (args: Route.LoaderArgs) => loadTournament(args, args.params.id);
export const action = (args: Route.ActionArgs) => participateAction(args);

export default function TournamentRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <TournamentPage data={loaderData} answer={actionData as ParticipateActionData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
