import { getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { ResponsibleGaming } from "../../../core/api/entities-responsible";
import { useSessionLength } from "./session-limit-summary";
import { useT } from "../../lib/i18n/use-t";
import { useLazySchema } from "../../lib/lazy-schema";
import { FieldErrors, FormErrors, Select, Submit } from "../../ui/form/field";
import type { ResponsibleActionData } from "./action-data";
import { SESSION_LIMIT_CHOICES } from "./choices";
import type { MarketRules } from "./market";
import { useWaitText } from "./market-note";

export { SessionLimitSummary } from "./session-limit-summary";

/**
 * The session limit (decision 0089): the longest one signed-in session may last. A shorter one
 * applies at once, to this session too; a longer one or none waits the market's cooling-off and
 * applies from the next sign-in. The same form with and without JavaScript.
 */
export function SessionLimitForm({ state, market, actionData }: { state: ResponsibleGaming; market: MarketRules; actionData?: ResponsibleActionData }) {
  const t = useT();
  const length = useSessionLength();
  const waitText = useWaitText();
  const busy = useNavigation().formData?.get("intent") === "sessionLimit";
  const check = useLazySchema(
    () => import("./schemas"),
    (m, messages) => m.sessionLimitSchema(messages(t)),
    [t],
  );
  const [form, fields] = useForm({
    id: "session-limit",
    lastResult: actionData?.intent === "sessionLimit" ? actionData.result : undefined,
    defaultValue: { minutes: String(state.session_limit.minutes ?? "none") },
    onValidate: check.onValidate,
  });
  const field = fields.minutes;
  return (
    <Form method="post" className="responsible__form" {...getFormProps(form)} onFocus={check.load}>
      <input type="hidden" name="intent" value="sessionLimit" />
      <p className="responsible__hint">{t("responsible.session.rules", { wait: waitText(market.raiseWaitMs) })}</p>
      <div className="field">
        <label htmlFor={field.id}>{t("responsible.session.length")}</label>
        <Select meta={field} fallback="none">
          {SESSION_LIMIT_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m === "none" ? t("responsible.session.none") : length(Number(m))}
            </option>
          ))}
        </Select>
        <FieldErrors meta={field} />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Submit busy={busy}>{t("responsible.session.submit")}</Submit>
    </Form>
  );
}
