import { Form, Link } from "react-router";
import type { VpnPlan, VpnSubscription } from "../../../core/api/contract-vpn";
import { formatDate } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { FieldErrors } from "../../ui/form/field";
import { useT } from "../../lib/i18n/use-t";

/** The pieces of /vpn (decision 0053): a plan, the purchase's confirmation, the subscription. */

export function VpnPlanCard({ plan, canBuy }: { plan: VpnPlan; canBuy: boolean }) {
  const t = useT();
  return (
    <article className="bonus vpn__plan" data-plan={plan.sysname}>
      <h3>{plan.title}</h3>
      <p>{plan.description}</p>
      <p className="responsible__hint">
        {t("vpn.days", { days: String(plan.days) })} · {t("vpn.devices", { count: String(plan.devices) })}
      </p>
      <p>
        <strong>{plan.price ? formatMoney(plan.price) : t("vpn.notSold")}</strong>
      </p>
      {canBuy && plan.price && (
        <Link className="btn btn--primary" to={`?buy=${plan.id}#vpn-confirm`} aria-label={`${t("vpn.buy")}: ${plan.title}`}>
          {t("vpn.buy")}
        </Link>
      )}
    </article>
  );
}

interface ConfirmProps {
  plan: VpnPlan;
  keyValue: string;
  autoRenewal: boolean;
  errors?: string[];
  /** Set when the main balance fell short: the cashier's deposit page. */
  depositPath: string | null;
  busy: boolean;
}

export function VpnConfirm({ plan, keyValue, autoRenewal, errors, depositPath, busy }: ConfirmProps) {
  const t = useT();
  const price = plan.price ? formatMoney(plan.price) : "";
  return (
    <section id="vpn-confirm" className="responsible__card" aria-labelledby="vpn-confirm-title" data-testid="vpn-confirm">
      <h2 id="vpn-confirm-title">{t("vpn.confirmTitle", { title: plan.title })}</h2>
      <p>{t("vpn.confirmText", { price })}</p>
      <Form method="post" aria-describedby={errors?.length ? "vpn-buy-error" : undefined}>
        <input type="hidden" name="intent" value="buy" />
        <input type="hidden" name="plan_id" value={plan.id} />
        <input type="hidden" name="key" value={keyValue} />
        <label className="check">
          <input type="checkbox" name="auto_renewal" value="1" defaultChecked={autoRenewal} />
          <span>{t("vpn.autoRenewal")}</span>
        </label>
        <FieldErrors id="vpn-buy-error" errors={errors} />
        {depositPath && (
          <p>
            <Link to={depositPath}>{t("vpn.deposit")}</Link>
          </p>
        )}
        <div className="bonus__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t("vpn.confirm", { price })}
          </button>
          <Link className="btn btn--ghost" to="." replace>
            {t("vpn.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function VpnSubscriptionCard({ subscription: s, busy, errors }: { subscription: VpnSubscription; busy: boolean; errors?: string[] }) {
  const t = useT();
  return (
    <section
      className="responsible__card"
      aria-labelledby="vpn-current"
      data-testid="vpn-subscription"
      data-status={s.status}
      data-ends-at={s.ends_at ?? undefined}
    >
      <h2 id="vpn-current">{t("vpn.currentTitle")}</h2>
      {s.status === "none" && <p>{t("vpn.none")}</p>}
      {s.status === "ended" && s.ends_at && <p>{t("vpn.ended", { date: formatDate(s.ends_at) })}</p>}
      {s.status === "active" && s.ends_at && (
        <>
          <p>{t("vpn.activeUntil", { plan: s.plan?.title ?? "", date: formatDate(s.ends_at) })}</p>
          {s.access_key && (
            <p>
              {t("vpn.accessKey")}: <code className="vpn__key">{s.access_key}</code>
              <br />
              <span className="responsible__hint">{t("vpn.accessHint")}</span>
            </p>
          )}
          <Form method="post" aria-describedby={errors?.length ? "vpn-auto-error" : undefined}>
            <input type="hidden" name="intent" value="auto" />
            <input type="hidden" name="enabled" value={s.auto_renewal ? "0" : "1"} />
            <p data-testid="vpn-auto" data-auto={s.auto_renewal ? "on" : "off"}>
              {t(s.auto_renewal ? "vpn.autoOn" : "vpn.autoOff")}
            </p>
            <FieldErrors id="vpn-auto-error" errors={errors} />
            <button type="submit" className="btn btn--ghost" disabled={busy}>
              {t(s.auto_renewal ? "vpn.turnOff" : "vpn.turnOn")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
