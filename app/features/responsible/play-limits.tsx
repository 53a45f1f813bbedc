import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PLAY_LIMIT_KINDS, PLAY_LIMIT_PERIODS, type PlayLimit } from "../../../core/api/entities-responsible";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { useT } from "../../lib/i18n/use-t";
import { useLazySchema } from "../../lib/lazy-schema";
import { AmountInput, FieldErrors, FormErrors, Select, Submit } from "../../ui/form/field";
import type { ResponsibleActionData } from "./action-data";
import type { MarketRules } from "./market";
import { useWaitText } from "./market-note";

/**
 * The limits beside the deposit limit (issue 40): deposits, losses and wagers per day, week and month,
 * each with what its window used and leaves, a change waiting, and a button that removes it (the
 * market's wait applies). `editable`: the profile page's remove buttons; the overview only lists.
 */
export function PlayLimitsList({ limits, editable = false }: { limits: PlayLimit[]; editable?: boolean }) {
  const t = useT();
  const busy = useNavigation().formData?.get("intent") === "removeLimit";
  if (!limits.length) return <p className="responsible__hint">{t("responsible.limits.none")}</p>;
  return (
    <ul className="responsible__limits" data-testid="play-limits">
      {limits.map((l) => {
        const name = t(`responsible.limits.names.${l.kind}.${l.period}`);
        return (
          <li key={`${l.kind}-${l.period}`} data-limit={`${l.kind}-${l.period}`}>
            <div>
              <strong>{name}</strong>
              <span data-left={l.available.amount}>
                {t("responsible.limits.left", { left: formatMoney(l.available), amount: formatMoney(l.limit_amount), date: formatDateTime(l.expired_at) })}
              </span>
              {l.pending && (
                <span className="responsible__hint" data-pending={l.pending.effective_at}>
                  {l.pending.limit_amount
                    ? t("responsible.limits.pending", { amount: formatMoney(l.pending.limit_amount), date: formatDateTime(l.pending.effective_at) })
                    : t("responsible.limits.pendingRemoval", { date: formatDateTime(l.pending.effective_at) })}
                </span>
              )}
            </div>
            {editable && !(l.pending && !l.pending.limit_amount) && (
              <Form method="post">
                <input type="hidden" name="intent" value="removeLimit" />
                <input type="hidden" name="kind" value={l.kind} />
                <input type="hidden" name="period" value={l.period} />
                <button type="submit" className="btn btn--ghost" disabled={busy} aria-label={t("responsible.limits.removeLabel", { name })}>
                  {t("responsible.limits.remove")}
                </button>
              </Form>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Sets one of them: what it limits, per which period, and the amount in whole units of the player's currency. */
export function PlayLimitForm({ currency, market, actionData }: { currency: string; market: MarketRules; actionData?: ResponsibleActionData }) {
  const t = useT();
  const waitText = useWaitText();
  const busy = useNavigation().formData?.get("intent") === "playLimit";
  const check = useLazySchema(
    () => import("./schemas"),
    (m, messages) => m.playLimitSchema(messages(t)),
    [t],
  );
  const [form, fields] = useForm({
    id: "play-limit",
    lastResult: actionData?.intent === "playLimit" || actionData?.intent === "removeLimit" ? actionData.result : undefined,
    defaultValue: { kind: "loss", period: "day", amount: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });
  const { kind, period, amount } = fields;
  return (
    <Form method="post" className="responsible__form" {...getFormProps(form)} onFocus={check.load}>
      <input type="hidden" name="intent" value="playLimit" />
      <div className="responsible__row">
        <div className="field">
          <label htmlFor={kind.id}>{t("responsible.limits.kind")}</label>
          <Select meta={kind} fallback="loss">
            {PLAY_LIMIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`responsible.limits.kindOptions.${k}`)}
              </option>
            ))}
          </Select>
          <FieldErrors meta={kind} />
        </div>
        <div className="field">
          <label htmlFor={period.id}>{t("responsible.limits.period")}</label>
          <Select meta={period} fallback="day">
            {PLAY_LIMIT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`responsible.limits.periods.${p}`)}
              </option>
            ))}
          </Select>
          <FieldErrors meta={period} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={amount.id}>{t("responsible.limits.amount", { currency })}</label>
        <AmountInput meta={amount} required />
        <FieldErrors meta={amount} />
      </div>
      <p className="responsible__hint">
        {t(market.raiseAfterPeriod ? "responsible.limit.rulesAfterPeriod" : "responsible.limit.rules", { wait: waitText(market.raiseWaitMs) })}
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Submit busy={busy}>{t("responsible.limits.submit")}</Submit>
    </Form>
  );
}
