import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { useT } from "../../lib/i18n/use-t";
import type { ResponsibleActionData } from "./action-data";
import { FieldErrors, FormErrors, Select, Submit } from "../../ui/form/field";
import { REALITY_CHECK_CHOICES } from "./choices";
import { useLazySchema } from "../../lib/lazy-schema";
import { realityCheckAllowed } from "../../../core/jurisdiction-rules";
import type { MarketRules } from "./market";

/**
 * How often the reality check interrupts play (minutes of session time; 0 = off). Under a market
 * with a longest interval only the intervals it allows are offered, and the form says why.
 */
export function RealityForm({ minutes, market, actionData }: { minutes: number; market: MarketRules; actionData?: ResponsibleActionData }) {
  const t = useT();
  const max = market.realityCheckMaxMinutes;
  const choices = REALITY_CHECK_CHOICES.filter((m) => realityCheckAllowed(Number(m), max));
  const busy = useNavigation().formData?.get("intent") === "reality";
  const check = useLazySchema(
    () => import("./schemas"),
    (m, messages) => m.realitySchema(messages(t)),
    [t],
  );
  const [form, fields] = useForm({
    id: "reality-check",
    lastResult: actionData?.intent === "reality" ? actionData.result : undefined,
    defaultValue: { minutes: String(minutes) },
    onValidate: check.onValidate,
  });
  const field = fields.minutes;
  return (
    <Form method="post" className="responsible__form" {...getFormProps(form)} onFocus={check.load}>
      <input type="hidden" name="intent" value="reality" />
      <p>{t("responsible.reality.text")}</p>
      {max !== null && (
        <p className="responsible__hint" data-reality-rule>
          {t("responsible.reality.required", { regulator: market.regulator, minutes: String(max) })}
        </p>
      )}
      <div className="field">
        <label htmlFor={field.id}>{t("responsible.reality.interval")}</label>
        <Select meta={field} fallback={choices[0]}>
          {choices.map((m) => (
            <option key={m} value={m}>
              {m === "0" ? t("responsible.reality.off") : t("responsible.reality.every", { minutes: m })}
            </option>
          ))}
        </Select>
        <FieldErrors meta={field} />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Submit busy={busy}>{t("responsible.reality.submit")}</Submit>
    </Form>
  );
}
