import type { Route } from "./+types/cashier.deposit.$sysname";
import { DepositForm, DepositMethods } from "../features/cashier/deposit-form";
import { depositAction, loadDeposit } from "../features/cashier/deposit.server";

/** One method's deposit page; an unknown method goes to the deposit index (SPEC §2). */
export const loader = (args: Route.LoaderArgs) => loadDeposit(args, args.params.sysname);

export const action = (args: Route.ActionArgs) => depositAction(args);

export default function DepositMethod({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="cashier__deposit">
      <DepositMethods methods={loaderData.methods} current={loaderData.method?.sysname ?? null} />
      {loaderData.method && <DepositForm key={loaderData.method.sysname} data={loaderData} actionData={actionData} />}
    </div>
  );
}
