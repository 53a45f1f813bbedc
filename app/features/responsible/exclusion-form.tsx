import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { SELF_EXCLUSION_PERIODS } from "../../../core/api/responsible-periods";
import { useT } from "../../lib/i18n/use-t";
import type { ResponsibleActionData } from "./action-data";
import { FieldErrors, FormErrors, invalid, Select, Submit } from "../../ui/form/field";
import { useLazySchema } from "../../lib/lazy-schema";

/**
 * Self-exclusion (SPEC §9 periods): a period, the account password and an "I understand" box.
 * Success signs the player out everywhere; the action sends them home with a toast.
 */
export function ExclusionForm({ actionData }: { actionData?: ResponsibleActionData }) {
  const t = useT();
  const busy = useNavigation().formData?.get("intent") === "exclude";
  const check = useLazySchema(
    () => import("./schemas"),
    (m, messages) => m.exclusionSchema(messages(t)),
    [t],
  );
  const [form, fields] = useForm({
    id: "self-exclusion",
    lastResult: actionData?.intent === "exclude" ? actionData.result : undefined,
    defaultValue: { period: "1d" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });
  const { period, password, confirm } = fields;
  return (
    <Form method="post" className="responsible__form" {...getFormProps(form)} onFocus={check.load}>
      <input type="hidden" name="intent" value="exclude" />
      <p>{t("responsible.exclusion.text")}</p>
      <div className="field">
        <label htmlFor={period.id}>{t("responsible.exclusion.period")}</label>
        <Select meta={period} fallback="1d">
          {SELF_EXCLUSION_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`responsible.exclusion.periods.${p}`)}
            </option>
          ))}
        </Select>
        <FieldErrors meta={period} />
      </div>
      <div className="field">
        <label htmlFor={password.id}>{t("responsible.exclusion.password")}</label>
        {/* Never sent back: a refused form shows the field empty. */}
        <input key={password.key} id={password.id} name={password.name} type="password" autoComplete="current-password" {...invalid(password)} />
        <FieldErrors meta={password} />
      </div>
      <div className="field field--checkbox">
        <input key={confirm.key} id={confirm.id} name={confirm.name} type="checkbox" value="on" {...invalid(confirm)} />
        <label htmlFor={confirm.id}>{t("responsible.exclusion.confirm")}</label>
        <FieldErrors meta={confirm} />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Submit busy={busy} className="btn btn--danger">
        {t("responsible.exclusion.submit")}
      </Submit>
    </Form>
  );
}
