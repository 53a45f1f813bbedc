import type { SubmissionResult } from "@conform-to/react";
import { useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_NAME_MAX } from "../../../core/api/support-limits";
import { FieldErrors, FormErrors, invalid } from "../../ui/form/field";
import { useT } from "../../lib/i18n/use-t";
import type { FeedbackErrors, FeedbackField } from "./feedback-check";

/** What the action answers to a refused form: Conform's reply (feedback-schema.ts on the server), the typed values kept. */
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

const FIELDS: FeedbackField[] = ["topic", "name", "email", "message"];
type Checker = typeof import("./feedback-check");

/**
 * The support form: topic, name and email (a visitor's; a player's prefilled), the message. A plain
 * form posted to the route's action, which checks it with the Zod schema (feedback-schema.ts) and
 * answers Conform's reply: errors under their fields, what was typed kept, with or without
 * JavaScript. In the browser the same check (feedback-check.ts, no Zod) runs on submit, then as
 * the writer corrects; its code loads on the form's first focus, so the page's first load is the
 * form's markup only. Until it has loaded, a submit goes to the action, which answers the same.
 */
export function FeedbackForm({ topics, player, pageUrl, actionData }: Props) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const visitor = player === null;
  const reply = actionData?.result;
  const checker = useRef<Checker | null>(null);
  const load = () => {
    if (!checker.current) void import("./feedback-check").then((m) => (checker.current = m));
  };
  // The browser's errors once it has checked; each new answer of the action shows its own again.
  const [own, setOwn] = useState<{ reply: typeof reply; errors: FeedbackErrors } | null>(null);
  const checked = own && own.reply === reply ? own.errors : null;
  const setChecked = (errors: FeedbackErrors) => setOwn({ reply, errors });
  const errors: Record<string, string[] | null | undefined> = checked ?? reply?.error ?? {};
  // What was sent when the action refused it (an emptied field stays empty), else the starting values.
  const initial = (name: string, fallback = "") => {
    if (!reply?.initialValue) return fallback;
    const v = reply.initialValue[name];
    return typeof v === "string" ? v : "";
  };
  const meta = (name: FeedbackField) => ({ id: `support-feedback-${name}`, errorId: `support-feedback-${name}-error`, errors: errors[name] ?? undefined });
  const check = (form: HTMLFormElement) => {
    const m = checker.current;
    if (!m) return null;
    const { validationMessages } = m;
    return m.checkFeedback(new FormData(form), validationMessages(t), { visitor });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check(event.currentTarget);
    if (!found) return;
    setChecked(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  };
  // Checked on submit, then as the writer corrects: no error appears on blur, so nothing moves the
  // Send button between a press and its release.
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    if (checked) setChecked(check(event.currentTarget) ?? checked);
  };
  const topic = meta("topic");
  const name = meta("name");
  const email = meta("email");
  const message = meta("message");
  const formErrors = checked ? undefined : (reply?.error?.[""] ?? undefined);
  return (
    <Form
      method="post"
      id="support-feedback"
      className="responsible__form"
      // The action checks (as Conform's forms, no browser bubbles): its errors read as the page's own.
      noValidate
      aria-describedby={formErrors?.length ? "support-feedback-form-error" : undefined}
      onFocus={load}
      onSubmit={onSubmit}
      onInput={onInput}
    >
      <input type="hidden" name="page_url" value={initial("page_url", pageUrl ?? "")} />
      <div className="field">
        <label htmlFor={topic.id}>{t("support.topic")}</label>
        <select id={topic.id} name="topic" defaultValue={initial("topic")} aria-required="true" {...invalid(topic)}>
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
          id={name.id}
          name="name"
          defaultValue={initial("name", player?.name ?? "")}
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
          id={email.id}
          name="email"
          type="email"
          defaultValue={initial("email", player?.email ?? "")}
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
          id={message.id}
          name="message"
          defaultValue={initial("message")}
          rows={6}
          maxLength={FEEDBACK_MESSAGE_MAX}
          aria-required="true"
          {...invalid(message)}
        />
        <FieldErrors meta={message} />
      </div>
      <FormErrors id="support-feedback-form-error" errors={formErrors} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("support.submit")}
      </button>
    </Form>
  );
}
