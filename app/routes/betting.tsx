import type { Route } from "./+types/betting";
import { bettingAction, type BettingActionData } from "../features/sportsbook/betting-actions.server";
import { BettingPage } from "../features/sportsbook/betting-page";
import { loadBetting } from "../features/sportsbook/betting.server";

export const loader = (args: Route.LoaderArgs) => loadBetting(args);
export const action = (args: Route.ActionArgs) => bettingAction(args);

/** `/betting` (public; issue 23, decision 0073-sportsbook-page): the sportsbook and its bet slip. */
export default function Betting({ loaderData, actionData }: Route.ComponentProps) {
  const betError: BettingActionData = loaderData.betError ? { error: loaderData.betError, odds: null, selection: null } : undefined;
  return <BettingPage data={loaderData} answer={actionData as BettingActionData} betError={betError} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
