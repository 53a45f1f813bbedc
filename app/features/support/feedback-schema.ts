/**
 * The /support feedback form (DESIGN §4: one Zod schema, used by Conform in the browser and by the
 * route action). A visitor must give a name and an email; a signed-in player may clear them, and
 * the platform then uses the account's. The limits are the platform's (support-limits.ts).
 */
import { z } from "zod";
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, FEEDBACK_NAME_MAX, FEEDBACK_PAGE_MAX, TOPIC_ID } from "../../../core/api/support-limits";
import { createFields, formatMessage, type MessageOverrides } from "../../../core/validation";

export function feedbackSchema(overrides: MessageOverrides | undefined, { visitor }: { visitor: boolean }) {
  const f = createFields(overrides);
  const required = formatMessage("required", {}, overrides);
  const email = f.email().pipe(z.string().max(254, formatMessage("maxLength", { max: 254 }, overrides)));
  return z.object({
    topic: z.string({ error: required }).regex(TOPIC_ID, required),
    name: f.text({ max: FEEDBACK_NAME_MAX, isRequired: visitor }),
    email: visitor ? email : email.optional(),
    message: f.text({ min: FEEDBACK_MESSAGE_MIN, max: FEEDBACK_MESSAGE_MAX, isRequired: true }),
    // The page the writer came from (filled by the page, not typed): dropped when malformed.
    page_url: z
      .string()
      .max(FEEDBACK_PAGE_MAX)
      .regex(/^\/(?!\/)\S*$/)
      .optional()
      .catch(undefined),
  });
}
export type FeedbackValues = z.output<ReturnType<typeof feedbackSchema>>;
