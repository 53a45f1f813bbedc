import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormErrors } from "../cashier/cashier-fields";
import { useT } from "../../lib/i18n/use-t";
import { useLazySchema } from "../../lib/lazy-schema";

export interface ExportActionData {
  result?: SubmissionResult<string[]>;
}

/** The period form: two date inputs (UTC days), checked in the browser and again in the action. */
export function ExportForm(props: { period: { from: string; to: string }; idempotencyKey: string; actionData?: ExportActionData }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const check = useLazySchema(
    () => import("./export-schema"),
    (m) => m.exportFormSchema(t),
    [t],
  );
  const [form, fields] = useForm({
    id: "game-history-export",
    lastResult: props.actionData?.result,
    defaultValue: props.period,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: check.onValidate,
  });
  const field = (name: "from" | "to") => {
    const meta = fields[name];
    const hintId = `${meta.id}-hint`;
    return (
      <div className="field">
        <label htmlFor={meta.id}>{t(`profileGames.exports.${name}`)}</label>
        <input
          {...getInputProps(meta, { type: "date" })}
          key={meta.key}
          aria-describedby={[hintId, meta.errors?.length ? meta.errorId : ""].filter(Boolean).join(" ")}
        />
        {meta.errors?.length ? (
          <p id={meta.errorId} className="field-error">
            {meta.errors.join(" ")}
          </p>
        ) : null}
        <span id={hintId} hidden>
          {t("profileGames.exports.utc")}
        </span>
      </div>
    );
  };
  return (
    <Form method="post" className="profile-export-form" {...getFormProps(form)} onFocus={check.load}>
      <input type="hidden" name="idempotency_key" value={props.idempotencyKey} />
      <div className="profile-export-form__period">
        {field("from")}
        {field("to")}
      </div>
      <p className="profile-export-form__hint">{t("profileGames.exports.hint")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("profileGames.exports.submit")}
      </button>
    </Form>
  );
}
