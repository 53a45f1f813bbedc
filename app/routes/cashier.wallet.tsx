import type { Route } from "./+types/cashier.wallet";
import { requirePlayer } from "../features/site/site.server";
import { useLocalePath, useT } from "../lib/i18n/use-t";
import { orErrorPage } from "../lib/api/page-errors.server";
import { formatMoney, totalBalance } from "../../core/money";
import { getPlatform } from "../middleware/platform.server";
import { Link } from "react-router";

/** The player's balances (SPEC §3), formatted here so the page ships no money code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePlayer(context, request);
  const b = await orErrorPage(getPlatform(context).call("account.getBalance"));
  return {
    rows: [
      ["main", formatMoney(b.balance_main)],
      ["bonus", formatMoney(b.balance_bonus)],
      ["bettingBonus", formatMoney(b.balance_betting_bonus)],
      ["total", formatMoney(totalBalance(b))],
      ["fun", formatMoney(b.balance_fun)],
    ] as const,
  };
}

export default function Wallet({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="cashier-wallet">
      <h2>{t("cashier.wallet.title")}</h2>
      <dl className="cashier__balances">
        {loaderData.rows.map(([kind, text]) => (
          <div key={kind} className={`cashier__balance cashier__balance--${kind}`} data-balance-kind={kind}>
            <dt>{t(`cashier.wallet.${kind}`)}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <p className="cashier__hint">{t("cashier.wallet.funNote")}</p>
      <div className="cashier-result__actions">
        <Link className="btn btn--primary" to={to("/cashier/deposit")}>
          {t("cashier.tabs.deposit")}
        </Link>
        <Link className="btn btn--ghost" to={to("/cashier/withdraw")}>
          {t("cashier.tabs.withdraw")}
        </Link>
      </div>
    </div>
  );
}
