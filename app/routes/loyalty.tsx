import type { Route } from "./+types/loyalty";
import { loadProgramme } from "../features/loyalty/loyalty.server";
import { ProgrammeView } from "../features/loyalty/programme";

/** `/loyalty` (SPEC §1; public, decision 0100): the loyalty programme — levels, how points are earned, what they are worth. */
export const loader = (args: Route.LoaderArgs) => loadProgramme(args);

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  return <ProgrammeView program={loaderData.program} info={loaderData.info} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
