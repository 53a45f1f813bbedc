import type { Route } from "./+types/loyalty.$sysname";
import { loadProgramme } from "../features/loyalty/loyalty.server";
import { ProgrammeView } from "../features/loyalty/programme";

/** `/loyalty/{sysname}` (SPEC §1; public, decision 0100): one programme's page; 404 for a name no programme has. */
export const loader = (args: Route.LoaderArgs) => loadProgramme({ ...args, sysname: args.params.sysname });

export default function LoyaltyProgramme({ loaderData }: Route.ComponentProps) {
  return <ProgrammeView program={loaderData.program} info={loaderData.info} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
