import { z } from "zod";
import { fields } from "../validation/zod";
import { method, refusal } from "./define";
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, FEEDBACK_NAME_MAX, FEEDBACK_PAGE_MAX, TOPIC_ID } from "./support-limits";

export { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGE_MIN, FEEDBACK_NAME_MAX, FEEDBACK_PAGE_MAX } from "./support-limits";

/**
 * Support methods of the /api contract (SPEC §7 support.*; issue 24, decision 0052): what the
 * support page and the live chat need to know, and the feedback form. Spread into `contract`.
 */

/** SPEC §9's chat providers, and `demo`: the Worker's own chat (the default; no third-party host). */
export const CHAT_PROVIDERS = ["demo", "live_tex", "freshChat", "liveChat", "verbox", "betunlim", "jivoSite", "comm100"] as const;
export type ChatProvider = (typeof CHAT_PROVIDERS)[number];

/** SPEC §3 Chat settings: the provider and its own keys (only those it uses are present). */
export const ChatSettings = z.strictObject({
  provider: z.enum(CHAT_PROVIDERS),
  id: z.string().optional(),
  src: z.string().optional(),
  license: z.string().optional(),
  widget_id: z.string().optional(),
  /** The request's locale, for the widget's language. */
  lang: z.string(),
});
export type ChatSettings = z.infer<typeof ChatSettings>;

export const SupportSettings = z.strictObject({
  /** Where players may also write; shown on the support page. */
  email: z.string(),
  /** The feedback form's topics, labelled in the request's locale, in the operator's order. */
  topics: z.array(z.strictObject({ id: z.string(), label: z.string() })),
  chat: ChatSettings,
});
export type SupportSettings = z.infer<typeof SupportSettings>;

/**
 * How much feedback one sender may send: per player or visitor, and per client address (a higher
 * bar: many may share one). Within the window; more is a 429 naming the seconds to wait.
 */
export const FEEDBACK_LIMITS = {
  windowMs: 10 * 60 * 1000,
  perSender: 3,
  perAddress: 30,
} as const;

/** A blank text is the same as leaving the field out (a form posts empty inputs as ""). */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const feedbackName = z.preprocess(
  blankToUndefined,
  z.string({ error: "name must be text" }).trim().max(FEEDBACK_NAME_MAX, `name must be at most ${FEEDBACK_NAME_MAX} characters`).optional(),
);

const feedbackEmail = z.preprocess(blankToUndefined, z.string({ error: "email must be text" }).max(254, "Max length is 254").pipe(fields.email()).optional());

/** A page of this site: a path ('/gamehall?x=1', not '//host') or an http(s) URL. */
const pageUrl = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "page_url must be text" })
    .max(FEEDBACK_PAGE_MAX, `page_url must be at most ${FEEDBACK_PAGE_MAX} characters`)
    .regex(/^(?:\/(?!\/)|https?:\/\/)\S*$/i, "page_url must be a path starting with '/' or an http(s) URL")
    .optional(),
);

export const supportMethods = {
  "support.getsettings": method({
    group: "support",
    name: "getsettings",
    verb: "GET",
    access: "public",
    summary: "The support settings: the feedback topics (labelled in the request's locale), the support email and the live chat provider's config.",
    params: z.object({}),
    result: SupportSettings,
  }),
  "support.sendFeedback": method({
    group: "support",
    name: "sendFeedback",
    verb: "POST",
    access: "public",
    refuses: [refusal.throttled],
    summary:
      `Send a message to support. A visitor gives name and email; a signed-in player may leave them out (the account's login and email are used). ` +
      `topic: one of support.getsettings' topic ids. At most ${FEEDBACK_LIMITS.perSender} per player or visitor and ${FEEDBACK_LIMITS.perAddress} per address in ` +
      `${FEEDBACK_LIMITS.windowMs / 60000} minutes, else 429 with params.retry_after (seconds). Answers the stored message's id.`,
    params: z.object({
      name: feedbackName,
      email: feedbackEmail,
      topic: z
        .string({ error: (i) => (i.input === undefined ? "topic is required" : "topic must be text") })
        .regex(TOPIC_ID, "topic must be one of the support topics"),
      message: z
        .string({ error: (i) => (i.input === undefined ? "message is required" : "message must be text") })
        .trim()
        .min(FEEDBACK_MESSAGE_MIN, `message must be at least ${FEEDBACK_MESSAGE_MIN} characters`)
        .max(FEEDBACK_MESSAGE_MAX, `message must be at most ${FEEDBACK_MESSAGE_MAX} characters`),
      page_url: pageUrl,
    }),
    result: z.strictObject({ id: z.number().int() }),
  }),
};
