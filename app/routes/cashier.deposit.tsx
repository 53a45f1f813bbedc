import type { Route } from "./+types/cashier.deposit";
import { DepositForm, DepositMethods } from "../features/cashier/deposit-form";
import { depositAction, loadDeposit } from "../features/cashier/deposit.server";

/** The deposit index: the methods, and the form of the last used (or first) one. */
export const loader = (args: Route.LoaderArgs) => loadDeposit(args);

export const action = (args: Route.ActionArgs) => depositAction(args);

export default function Deposit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="cashier__deposit">
      <DepositMethods methods={loaderData.methods} current={loaderData.method?.sysname ?? null} />
      {loaderData.method && <DepositForm key={loaderData.method.sysname} data={loaderData} actionData={actionData} />}
    </div>
  );
}
