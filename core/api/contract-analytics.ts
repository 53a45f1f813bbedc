import { z } from "zod";
import { ANALYTICS_EVENTS, ANALYTICS_LIMITS, ANONYMOUS_ID, PARAM_KEY, WEB_VITALS } from "../analytics-events";
import { method, refusal } from "./define";

/**
 * The first-party analytics collector of the /api contract (issue 24, decision 0057): the
 * dispatcher `/analytics.js` sends the events of SPEC's flows in batches. Spread into `contract`.
 */

const L = ANALYTICS_LIMITS;

/** An event's facts: a small flat record of short texts, numbers and booleans. */
const EventParams = z
  .record(
    z.string(),
    z.union([z.string().max(L.paramValue, `param values are at most ${L.paramValue} characters`), z.number().finite(), z.boolean()], {
      error: "param values are text, numbers or booleans",
    }),
  )
  .refine((p) => Object.keys(p).every((k) => PARAM_KEY.test(k)), "param names are lower-case letters, digits and '_' (at most 32)")
  .refine((p) => Object.keys(p).length <= L.paramKeys, `at most ${L.paramKeys} params per event`);

const V = WEB_VITALS;
const metric = (name: keyof typeof V.max, integer: boolean) => {
  const n = z.number({ error: `web_vitals ${name} must be a number` }).min(0, `web_vitals ${name} must not be negative`);
  return (integer ? n.int(`web_vitals ${name} must be whole milliseconds`) : n)
    .max(V.max[name], `web_vitals ${name} must be at most ${V.max[name]}`)
    .optional();
};

/**
 * A `web_vitals` event's params (decision 0113): exactly these keys, at least one metric. Checked
 * on top of the general shape, so a bad one refuses the whole batch like any bad event.
 */
export const WebVitalsParams = z
  .strictObject(
    {
      lcp: metric("lcp", true),
      inp: metric("inp", true),
      cls: metric("cls", false),
      ttfb: metric("ttfb", true),
      device: z.enum(V.devices, { error: `web_vitals device must be one of: ${V.devices.join(", ")}` }),
      nav: z.enum(V.navs, { error: `web_vitals nav must be one of: ${V.navs.join(", ")}` }),
    },
    { error: (i) => (i.code === "unrecognized_keys" ? `web_vitals params are only ${[...V.metrics, "device", "nav"].join(", ")}` : undefined) },
  )
  .refine((p) => V.metrics.some((m) => p[m] !== undefined), "web_vitals needs at least one of lcp, inp, cls, ttfb");

export const AnalyticsEventInput = z
  .strictObject({
    name: z.enum(ANALYTICS_EVENTS, { error: `name must be one of: ${ANALYTICS_EVENTS.join(", ")}` }),
    params: EventParams.default({}),
    /** When it happened in the browser (Unix ms). */
    at: z.number().int().positive().optional(),
    /** The page's path (and query) when it happened. */
    path: z
      .string()
      .max(L.path, `path must be at most ${L.path} characters`)
      .regex(/^\/(?!\/)\S*$/, "path must start with a single '/'")
      .optional(),
  })
  .superRefine((e, c) => {
    if (e.name !== "web_vitals") return;
    const checked = WebVitalsParams.safeParse(e.params);
    for (const issue of checked.error?.issues ?? []) c.addIssue({ code: "custom", message: issue.message, path: ["params", ...issue.path] });
  });
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventInput>;

/** The form field `events`: a JSON array of events, 1 to the batch size. */
const eventBatch = z
  .string({ error: (i) => (i.input === undefined ? "events is required" : "events must be text") })
  .max(L.batch * 3000, "events is too large")
  .transform((text, c) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      c.addIssue({ code: "custom", message: "events must be a JSON array" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(AnalyticsEventInput, { error: "events must be a JSON array" })
      .min(1, "events must not be empty")
      .max(L.batch, `at most ${L.batch} events per batch`),
  );

export const analyticsMethods = {
  "analytics.collect": method({
    group: "analytics",
    name: "collect",
    verb: "POST",
    access: "public",
    refuses: [refusal.throttled],
    summary:
      `Record a batch of analytics events (form fields: aid, the browser's anonymous id of 32 hex digits; events, a JSON array of at most ${L.batch} ` +
      `{name, params?, at?, path?}; names from the fixed list, params a flat record of at most ${L.paramKeys} texts/numbers/booleans; web_vitals params ` +
      `exactly lcp/inp/ttfb (whole ms, 0 to ${V.max.lcp}), cls (0 to ${V.max.cls}), at least one of the four, device ${V.devices.join("/")} and nav ${V.navs.join("/")}). The player is ` +
      `the session's, never the body's. Any bad event refuses the whole batch (400, nothing stored). At most ${L.perSender} events per player or ` +
      `visitor and ${L.perAddress} per address in ${L.windowMs / 60000} minutes, else 429 with params.retry_after (seconds). Answers how many were stored.`,
    params: z.object({
      aid: z
        .string({ error: (i) => (i.input === undefined ? "aid is required" : "aid must be text") })
        .regex(ANONYMOUS_ID, "aid must be 32 hexadecimal digits"),
      events: eventBatch,
    }),
    result: z.strictObject({ stored: z.number().int() }),
  }),
};
