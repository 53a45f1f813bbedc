import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { DepositLimit } from "../../../core/api/entities-responsible";
import { useT } from "../../lib/i18n/use-t";
import type { ResponsibleActionData } from "./action-data";
import { FieldErrors, FormErrors, AmountInput, Select, Submit } from "../../ui/form/field";
import { unitsValue } from "./format";
import { useLazySchema } from "../../lib/lazy-schema";
import type { MarketRules } from "./market";
import { useWaitText } from "./market-note";

export { LimitSummary } from "./limit-summary";

const PERIODS = ["none", "1", "7", "14", "30"] as const;

/**
 * The deposit-limit form: a period (or none) and an amount in whole units of the player's currency.
 * `currency` is the player's own (their session's money): before any limit exists the limit has none
 * to offer, and the label must not read "Limit ()". The hint says how long a raise waits under the
 * player's market.
 */
export function LimitForm({
  limit,
  currency: playerCurrency,
  market,
  actionData,
}: {
  limit: DepositLimit;
  currency: string;
  /** How the player's market makes a raise wait (decision 0082). */
  market: MarketRules;
  actionData?: ResponsibleActionData;
}) {
  const t = useT();
  const waitText = useWaitText();
  const busy = useNavigation().formData?.get("intent") === "limit";
  const check = useLazySchema(
    () => import("./schemas"),
    (m, messages) => m.limitSchema(messages(t)),
    [t],
  );
  const [form, fields] = useForm({
    id: "deposit-limit",
    lastResult: actionData?.intent === "limit" ? actionData.result : undefined,
    defaultValue: { period: limit.period, amount: limit.limit_amount ? unitsValue(limit.limit_amount.amount) : "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });
  const period = fields.period;
  const amount = fields.amount;
  const currency = limit.limit_amount?.currency ?? limit.available_amount?.currency ?? playerCurrency;
  return (
    <Form method="post" className="responsible__form" {...getFormProps(form)} onFocus={check.load}>
      <input type="hidden" name="intent" value="limit" />
      <div className="field">
        <label htmlFor={period.id}>{t("responsible.limit.period")}</label>
        <Select meta={period} fallback="none">
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`responsible.limit.periods.${p}`)}
            </option>
          ))}
        </Select>
        <FieldErrors meta={period} />
      </div>
      <div className="field">
        <label htmlFor={amount.id}>{currency ? t("responsible.limit.amount", { currency }) : t("responsible.limit.amountPlain")}</label>
        <AmountInput meta={amount} />
        <FieldErrors meta={amount} />
      </div>
      <p className="responsible__hint" data-limit-rules>
        {t(market.raiseAfterPeriod ? "responsible.limit.rulesAfterPeriod" : "responsible.limit.rules", { wait: waitText(market.raiseWaitMs) })}
      </p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Submit busy={busy}>{t("responsible.limit.submit")}</Submit>
    </Form>
  );
}
