import type { Route } from "./+types/cashier.deposit";
import { DepositPage } from "../features/cashier/deposit-form";
import { depositMeta } from "../features/cashier/deposit-meta";
import { depositAction, loadDeposit } from "../features/cashier/deposit.server";

/** The deposit index: the methods, and the form of the last used (or first) one. */
export const loader = (args: Route.LoaderArgs) => loadDeposit(args);

export const action = (args: Route.ActionArgs) => depositAction(args);

export default function Deposit({ loaderData, actionData }: Route.ComponentProps) {
  return <DepositPage loaderData={loaderData} actionData={actionData} />;
}

/** The site's deposit SEO template (SPEC §2) titles the page; without one, the cashier's meta. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => depositMeta(loaderData) ?? matches.at(-2)?.meta ?? [];
