import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { validationMessages } from "../../lib/i18n/validation-messages";
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_NAME_MAX } from "../../../core/api/support-limits";
import { FieldErrors, FormErrors, invalid } from "../../ui/form/field";
import { useT } from "../../lib/i18n/use-t";
import { feedbackSchema } from "./feedback-schema";

/** What the action answers to a refused form: Conform's reply, the typed values kept. */
export interface SupportActionData {
  result: SubmissionResult<string[]>;
}

interface Props {
  topics: Array<{ id: string; label: string }>;
  /** A signed-in player's name and email to start from; null for a visitor (both required). */
  player: { name: string; email: string } | null;
  pageUrl?: string;
  actionData?: SupportActionData;
}

/** The support form: topic, name and email (a visitor's; a player's prefilled), the message. */
export function FeedbackForm({ topics, player, pageUrl, actionData }: Props) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const visitor = player === null;
  const schema = useMemo(() => feedbackSchema(validationMessages(t), { visitor }), [t, visitor]);
  const [form, fields] = useForm({
    id: "support-feedback",
    lastResult: actionData?.result,
    defaultValue: { name: player?.name ?? "", email: player?.email ?? "", topic: "", message: "", page_url: pageUrl ?? "" },
    // Checked on submit, then as the player corrects: no error appears on blur, so nothing moves the
    // Send button between a press and its release.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const { topic, name, email, message } = fields;
  return (
    <Form method="post" className="responsible__form" {...getFormProps(form)}>
      <input type="hidden" name="page_url" value={fields.page_url.initialValue ?? ""} />
      <div className="field">
        <label htmlFor={topic.id}>{t("support.topic")}</label>
        <select key={topic.key} id={topic.id} name={topic.name} defaultValue={topic.initialValue ?? ""} aria-required="true" {...invalid(topic)}>
          <option value="">{t("support.topicChoose")}</option>
          {topics.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldErrors meta={topic} />
      </div>
      <div className="field">
        <label htmlFor={name.id}>{t("support.name")}</label>
        <input
          key={name.key}
          id={name.id}
          name={name.name}
          defaultValue={name.initialValue}
          autoComplete="name"
          maxLength={FEEDBACK_NAME_MAX}
          aria-required={visitor}
          {...invalid(name)}
        />
        <FieldErrors meta={name} />
      </div>
      <div className="field">
        <label htmlFor={email.id}>{t("support.email")}</label>
        <input
          key={email.key}
          id={email.id}
          name={email.name}
          type="email"
          defaultValue={email.initialValue}
          autoComplete="email"
          maxLength={254}
          aria-required={visitor}
          {...invalid(email)}
        />
        {!visitor && <p className="responsible__hint">{t("support.emailHint")}</p>}
        <FieldErrors meta={email} />
      </div>
      <div className="field">
        <label htmlFor={message.id}>{t("support.message")}</label>
        <textarea
          key={message.key}
          id={message.id}
          name={message.name}
          defaultValue={message.initialValue}
          rows={6}
          maxLength={FEEDBACK_MESSAGE_MAX}
          aria-required="true"
          {...invalid(message)}
        />
        <FieldErrors meta={message} />
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("support.submit")}
      </button>
    </Form>
  );
}
