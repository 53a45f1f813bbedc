import type { Route } from "./+types/responsible-game";
import { ResponsibleOverview } from "../features/responsible/overview";
import { loadResponsible } from "../features/responsible/responsible.server";
import { getInstance } from "../middleware/i18n.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadResponsible(context, request);
  return { ...data, title: getInstance(context).t("responsible.title") };
}

/** The responsible-gaming page (SPEC §2 /responsible-game): the tools, the player's state, where to get help. */
export default function ResponsibleGame({ loaderData }: Route.ComponentProps) {
  return <ResponsibleOverview limit={loaderData.limit} state={loaderData.state} limits={loaderData.limits} market={loaderData.market} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Responsible gaming"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
