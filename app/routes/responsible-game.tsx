import type { Route } from "./+types/responsible-game";
import { ResponsibleOverview } from "../features/responsible/overview";
import { loadResponsible, responsibleAction } from "../features/responsible/responsible.server";
import type { ResponsibleActionData } from "../features/responsible/action-data";
import { getInstance } from "../middleware/i18n.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadResponsible(context, request);
  return { ...data, title: getInstance(context).t("responsible.title") };
}

/** The self-assessment test posts here (its result is said in the page); the other forms post to the profile page's. */
export const action = ({ request, context }: Route.ActionArgs) => responsibleAction(context, request);

/** The responsible-gaming page (SPEC §2 /responsible-game): the tools, the player's state, where to get help. */
export default function ResponsibleGame({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResponsibleOverview
      limit={loaderData.limit}
      state={loaderData.state}
      limits={loaderData.limits}
      market={loaderData.market}
      actionData={actionData as ResponsibleActionData | undefined}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Responsible gaming"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
