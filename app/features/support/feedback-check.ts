/**
 * The /support form's check in the browser, without Zod: the same rules and texts as the action's
 * schema (feedback-schema.ts, which the server keeps using with Conform), so a visitor sees the
 * same errors before sending as after. feedback-check.test.ts holds the two together. Loaded by
 * the form on its first focus, so the page's first load carries none of it.
 */
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, FEEDBACK_NAME_MAX, TOPIC_ID } from "../../../core/api/support-limits";
import type { RuleResult } from "../../../core/validation/core";
import { formatMessage, type MessageOverrides } from "../../../core/validation/messages";
import { email } from "../../../core/validation/rules-account";
import { text } from "../../../core/validation/rules-fields";

export type FeedbackField = "topic" | "name" | "email" | "message";
/** Each field's errors, as Conform's reply spells them; no key: no error. */
export type FeedbackErrors = Partial<Record<FeedbackField, string[]>>;

const value = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The errors the action's schema would answer for these values (`visitor`: name and email required). */
export function checkFeedback(form: FormData, overrides: MessageOverrides | undefined, { visitor }: { visitor: boolean }): FeedbackErrors {
  const out: FeedbackErrors = {};
  const put = (field: FeedbackField, e: RuleResult) => {
    if (e) out[field] = [formatMessage(e.key, e.params, overrides)];
  };
  put("topic", TOPIC_ID.test(value(form, "topic")) ? null : { key: "required" });
  put("name", text(value(form, "name"), { max: FEEDBACK_NAME_MAX, isRequired: visitor }));
  const mail = value(form, "email");
  // Conform reads an empty input as absent: an optional email may be left empty, not blank.
  put("email", !visitor && mail === "" ? null : email(mail));
  put("message", text(value(form, "message"), { min: FEEDBACK_MESSAGE_MIN, max: FEEDBACK_MESSAGE_MAX, isRequired: true }));
  return out;
}

export { validationMessages } from "../../lib/i18n/validation-messages";
