/**
 * The analytics events (issue 24, decision 0057): the names of SPEC's flows that the app, the
 * document's inline boot and the dispatcher (`/analytics.js`) send, and that the collector
 * (`analytics.collect`) accepts — one list for both sides. `beacon` is not here: only the image
 * beacon's endpoint writes it.
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
