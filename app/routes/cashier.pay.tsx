import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import type { Route } from "./+types/cashier.pay";
import { BONUS_EVENT } from "../../core/api/bonus-event";
import { EarnedBonuses } from "../features/cashier/earned-bonuses";
import { keepsChecking, payButtons, type PayButton } from "../features/cashier/pay-pages";
import { loadPayPage } from "../features/cashier/pay.server";
import { TransactionDetails } from "../features/cashier/transaction-view";
import { useRevalidateOn } from "../features/realtime/use-revalidate-on";
import { useLocalePath, useT } from "../lib/i18n/use-t";

/** How often a page waiting for a payment asks again (SPEC: pending page re-checks). */
const CHECK_EVERY_MS = 3000;

/** One module for the payment result pages: paysuccess, paypending, payfail, paycancel, paymobile, paynewwindow. */
export const loader = (args: Route.LoaderArgs) => loadPayPage(args);

/** Revalidates the loader while the payment is in progress; the loader moves on when it settles. */
function useCheckAgain(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state !== "idle" || document.visibilityState !== "visible") return;
      // A settled payment reloads the document mid-check, which aborts the check: not an error.
      revalidator.revalidate().catch(() => undefined);
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

export default function PayPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  const { page, transaction, paymentUrl, linkRefused, earned } = loaderData;
  const checking = keepsChecking(page, transaction?.status ?? null);
  useCheckAgain(checking);
  // A promo code's bonus arrives just after the deposit settles (the player inbox): it shows when it does.
  useRevalidateOn(BONUS_EVENT);
  const buttons = payButtons(page, { transaction: transaction !== null, checking, paymentUrl: paymentUrl !== null });

  const button = (b: PayButton, primary: boolean) => {
    const className = `btn ${primary ? "btn--primary" : "btn--ghost"}`;
    switch (b) {
      case "gamehall":
        return (
          <Link key={b} className={className} to={to("/gamehall")}>
            {t("cashier.pay.toGamehall")}
          </Link>
        );
      case "receipt":
        return (
          <Link key={b} className={className} to={to(`/cashier/receipt?transaction=${encodeURIComponent(transaction!.id)}`)}>
            {t("cashier.pay.receipt")}
          </Link>
        );
      case "deposit":
        return (
          <Link key={b} className={className} to={to("/cashier/deposit")}>
            {t("cashier.pay.toDeposit")}
          </Link>
        );
      case "checkAgain":
        // A plain link: without JavaScript it reloads the page, which checks again.
        return (
          <a key={b} className={className} href={pathname + search}>
            {t("cashier.pay.checkAgain")}
          </a>
        );
      case "paymentPage":
        return (
          <a key={b} className={className} href={paymentUrl!} target="_blank" rel="noopener noreferrer">
            {t("cashier.pay.openPayment")}
          </a>
        );
    }
  };

  return (
    <section className={`cashier-result cashier-result--${page}`} data-page={page} aria-live="polite">
      <h2>{t(`cashier.pay.${page}.title`)}</h2>
      <p>{t(`cashier.pay.${page}.text`)}</p>
      {linkRefused && (
        <p className="cashier__hint" role="alert">
          {t("cashier.pay.linkRefused")}
        </p>
      )}
      {checking && (
        <p className="cashier__hint" role="status">
          {t("cashier.pay.checking")}
        </p>
      )}
      {transaction && <TransactionDetails tx={transaction} t={t} />}
      <div className="cashier-result__actions">{buttons.map((b, i) => button(b, i === 0))}</div>
      <EarnedBonuses bonuses={earned} />
    </section>
  );
}
