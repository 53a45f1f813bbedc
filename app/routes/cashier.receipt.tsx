import type { Route } from "./+types/cashier.receipt";
import { notFound } from "../features/errors/not-found.server";
import { playerTransaction } from "../features/cashier/pay.server";
import { requirePlayer } from "../features/site/site.server";
import { TransactionDetails } from "../features/cashier/transaction-view";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { Link } from "react-router";

/** One transaction of the player (`?transaction=`); anything else is the 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePlayer(context, request);
  const id = new URL(request.url).searchParams.get("transaction") ?? "";
  const tx = /^[A-Za-z0-9-]{8,64}$/.test(id) ? await playerTransaction(context, id) : null;
  if (!tx) throw notFound(request);
  return { tx };
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="cashier-receipt">
      <h2>{t("cashier.receipt.title")}</h2>
      <TransactionDetails tx={loaderData.tx} t={t} />
      <Link className="btn btn--ghost" to={to("/cashier/history")}>
        {t("cashier.receipt.toHistory")}
      </Link>
    </div>
  );
}
