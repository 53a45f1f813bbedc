import { Link } from "react-router";
import type { Route } from "./+types/cashier.history";
import { requirePlayer } from "../features/site/site.server";
import { methodName, StatusLabel } from "../features/cashier/transaction-view";
import { formatDateTime } from "../../core/dates";
import { CancelWithdrawal } from "../features/cashier/cancel-withdrawal";
import { withdrawAction } from "../features/cashier/withdraw.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { orErrorPage } from "../lib/api/page-errors.server";
import { formatMoney } from "../../core/money";
import { getPlatform } from "../middleware/platform.server";

const PAGE_SIZE = 20;
const TYPES = ["all", "deposit", "withdrawal"] as const;
type Filter = (typeof TYPES)[number];

/** Deposits and withdrawals, newest first: a type filter and pages as links (`?type=`, `?offset=`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePlayer(context, request);
  const q = new URL(request.url).searchParams;
  const type: Filter = TYPES.find((x) => x === q.get("type")) ?? "all";
  const raw = Number(q.get("offset") ?? 0);
  const offset = Number.isSafeInteger(raw) && raw > 0 ? raw - (raw % PAGE_SIZE) : 0;
  const list = await orErrorPage(getPlatform(context).call("cashier.gethistory", { offset, count: PAGE_SIZE, type: type === "all" ? undefined : type }));
  return { type, offset, items: list.items, count: list.count };
}

/** The Cancel buttons of pending withdrawals post here; the withdraw action does the work. */
export const action = (args: Route.ActionArgs) => withdrawAction(args);

export default function History({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const { type, offset, items, count } = loaderData;
  const href = (next: { type?: Filter; offset?: number }) => {
    const q = new URLSearchParams();
    const ty = next.type ?? type;
    const off = next.offset ?? 0;
    if (ty !== "all") q.set("type", ty);
    if (off > 0) q.set("offset", String(off));
    const s = q.toString();
    return to(`/cashier/history${s ? `?${s}` : ""}`);
  };
  return (
    <div className="cashier-history">
      <nav className="cashier__filters" aria-label={t("cashier.history.filter")}>
        {TYPES.map((x) => (
          <Link key={x} to={href({ type: x })} className="cashier__filter" aria-current={x === type ? "page" : undefined}>
            {t(`cashier.history.${x}`)}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="notice">{t("cashier.history.empty")}</p>
      ) : (
        <table className="cashier__table">
          <thead>
            <tr>
              <th scope="col">{t("cashier.details.date")}</th>
              <th scope="col">{t("cashier.details.type")}</th>
              <th scope="col">{t("cashier.details.method")}</th>
              <th scope="col">{t("cashier.details.amount")}</th>
              <th scope="col">{t("cashier.details.status")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("cashier.history.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((tx) => (
              <tr key={tx.id} data-transaction={tx.id} data-type={tx.type}>
                <td>{formatDateTime(tx.created_at)}</td>
                <td>{t(`cashier.type.${tx.type}`)}</td>
                <td>{methodName(t, tx.method, tx.method_name)}</td>
                <td>{formatMoney(tx.amount)}</td>
                <td>
                  <StatusLabel status={tx.status} t={t} />
                </td>
                <td>
                  {/* A pending withdrawal's details show its progress (decision 0112): beside its Cancel. */}
                  <div className="cashier__row-actions">
                    {tx.can_cancel && <CancelWithdrawal tx={tx} />}
                    <Link to={to(`/cashier/receipt?transaction=${encodeURIComponent(tx.id)}`)}>{t("cashier.history.details")}</Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {count > PAGE_SIZE && (
        <nav className="cashier__pages" aria-label={t("cashier.history.pages")}>
          {offset > 0 && (
            <Link to={href({ offset: Math.max(0, offset - PAGE_SIZE) })} rel="prev">
              {t("cashier.history.newer")}
            </Link>
          )}
          <span>{t("cashier.history.page", { page: offset / PAGE_SIZE + 1, pages: Math.ceil(count / PAGE_SIZE) })}</span>
          {offset + PAGE_SIZE < count && (
            <Link to={href({ offset: offset + PAGE_SIZE })} rel="next">
              {t("cashier.history.older")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
