import { Link } from "react-router";
import type { Route } from "./+types/cashier.withdraw";
import { PendingWithdrawals, WithdrawForm } from "../features/cashier/withdraw-form";
import { loadWithdraw, withdrawAction } from "../features/cashier/withdraw.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { methodName } from "../features/cashier/transaction-view";
import { PayoutTimes } from "../features/cashier/withdrawal-progress";

/**
 * Withdraw: the available amount, a method (links), amount and requisites; pending requests with
 * their progress and Cancel; the site's published approval times.
 */
export const loader = (args: Route.LoaderArgs) => loadWithdraw(args);

export const action = (args: Route.ActionArgs) => withdrawAction(args);

export default function Withdraw({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const current = loaderData.method?.sysname;
  return (
    <div className="cashier__withdraw">
      <p className="cashier__available">
        {t("cashier.withdraw.available")} <strong data-available>{loaderData.available}</strong>
      </p>
      {loaderData.methods.length === 0 ? (
        <p className="notice">{t("cashier.withdraw.noMethods")}</p>
      ) : (
        <nav aria-label={t("cashier.methods")}>
          <ul className="cashier__methods">
            {loaderData.methods.map((m) => (
              <li key={m.sysname}>
                <Link
                  to={to(`/cashier/withdraw?method=${m.sysname}`)}
                  className="cashier__method"
                  aria-current={m.sysname === current ? "page" : undefined}
                  preventScrollReset
                >
                  {methodName(t, m.sysname, m.name)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* A new key after each completed request: the form starts clean for the next one. */}
      {loaderData.method && <WithdrawForm key={`${loaderData.method.sysname}:${loaderData.idempotencyKey}`} data={loaderData} actionData={actionData} />}
      <PendingWithdrawals pending={loaderData.pending} noCancelUnder={loaderData.noCancelUnder} />
      <PayoutTimes times={loaderData.payoutTimes} />
    </div>
  );
}
