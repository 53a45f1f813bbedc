import type { AnalyticsEvent } from "../../core/analytics-events";

type Params = Record<string, string | number | boolean>;
type Entry = [AnalyticsEvent, Params | undefined, number];
type Queue = { push(entry: Entry): unknown };

/**
 * Records an analytics event (decision 0057): onto the document's queue `window.pfa`, which the
 * dispatcher (`/analytics.js`, loaded on the first interaction when consent allows) drains and
 * sends. Nothing else here: call it only from code that is already lazy.
 */
export function track(name: AnalyticsEvent, params?: Params): void {
  const w = window as unknown as { pfa?: Queue };
  (w.pfa ||= [] as Entry[]).push([name, params, Date.now()]);
}
