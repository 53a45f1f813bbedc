import { Link } from "react-router";
import type { PlayerBonus } from "../../../core/api/contract-bonuses";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { BonusButton, BonusTerms, BonusXray } from "../bonuses/bonus-terms";

/**
 * What a deposit earned, on its success page (issue 41): each bonus with its terms and X-ray, and
 * the way to activate it — the bonuses page's own form, so it asks to confirm there, with or without
 * JavaScript. An active one (a betting bonus that started by itself) says so.
 */
export function EarnedBonuses({ bonuses }: { bonuses: PlayerBonus[] }) {
  const t = useT();
  const to = useLocalePath();
  if (bonuses.length === 0) return null;
  return (
    <section className="earned" aria-labelledby="earned-title" data-testid="earned-bonuses">
      <h3 id="earned-title">{t("cashier.pay.earned.title")}</h3>
      {bonuses.map((b) => (
        <article key={b.id} className="bonus earned__bonus" data-bonus={b.id} data-status={b.status}>
          <h4>
            {b.title} · <span data-testid="earned-amount">{formatMoney(b.amount)}</span>
          </h4>
          <p>{b.description}</p>
          <BonusTerms bonus={b} t={t} />
          {b.type === "casino" && <BonusXray bonus={b} t={t} />}
          {b.status === "available" ? (
            <>
              <p className="responsible__hint">{t("profile.bonuses.availableUntil", { time: formatDateTime(b.available_until) })}</p>
              <div className="bonus__actions">
                <BonusButton bonus={b} action={to("/profile/bonuses")} intent="activate" label={t("profile.bonuses.activate")} primary busy={false} />
              </div>
            </>
          ) : (
            <p className="responsible__hint">{t("cashier.pay.earned.active")}</p>
          )}
        </article>
      ))}
      <Link className="earned__all" to={to("/profile/bonuses")}>
        {t("cashier.pay.earned.all")}
      </Link>
    </section>
  );
}
