/**
 * The analytics events (issue 24, decision 0057): the names of SPEC's flows that the app, the
 * document's inline boot and the dispatcher (`/analytics.js`) send, and that the collector
 * (`analytics.collect`) accepts — one list for both sides. `beacon` is not here: only the image
 * beacon's endpoint writes it. `web_vitals` (decision 0113) has params of a fixed shape
 * (`WEB_VITALS`), checked by the collector.
 */
export const ANALYTICS_EVENTS = [
  "page_view",
  "game_launch",
  "identify",
  "anonymize",
  "sign_in",
  "sign_up",
  "sign_up_error",
  "logout",
  "deposit_submit",
  "deposit",
  "tournament_participate",
  "wheel_spin",
  "web_vitals",
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** A flat record of an event's facts: at most this many keys, short keys and values. */
export const ANALYTICS_LIMITS = {
  batch: 20,
  paramKeys: 10,
  paramValue: 200,
  path: 500,
  /**
   * Events per sender (session or visitor) and per address in the window; more is a 429 (the
   * beacon stores nothing). Per address is the real bound: a visitor id is the client's to make
   * up. 300 in 10 minutes is a page view every two seconds with a few clicks each, for a whole
   * household behind one address (decision 0057).
   */
  windowMs: 10 * 60 * 1000,
  perSender: 200,
  perAddress: 300,
} as const;

/** The dispatcher's anonymous id: 32 hex digits (a random UUID without its dashes). */
export const ANONYMOUS_ID = /^[0-9a-f]{32}$/;
export const PARAM_KEY = /^[a-z][a-z0-9_]{0,31}$/;

/**
 * Field Web Vitals (issue 43, decision 0113): one `web_vitals` event per document, sent by
 * `/analytics.js` when the page is first hidden. Its params are exactly these: the metrics the
 * browser measured (ms integers; CLS unitless), `device` and `nav`; the collector refuses any
 * other key, a value that is not a number, a negative one or one above `max` (absurd: a broken
 * clock or a forged event). `thresholds` are the standard good / poor bounds (web.dev): a value
 * up to `good` is good, above `poor` is poor, between needs improvement.
 */
export const WEB_VITALS = {
  metrics: ["lcp", "inp", "cls", "ttfb"] as const,
  max: { lcp: 600_000, inp: 600_000, cls: 100, ttfb: 600_000 },
  thresholds: { lcp: [2500, 4000], inp: [200, 500], cls: [0.1, 0.25], ttfb: [800, 1800] },
  devices: ["phone", "tablet", "desktop"] as const,
  navs: ["navigate", "reload", "back_forward", "prerender"] as const,
} as const;
export type WebVitalMetric = (typeof WEB_VITALS.metrics)[number];
