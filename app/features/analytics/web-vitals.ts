/**
 * Field Web Vitals (issue 43, decision 0113): LCP, INP, CLS and TTFB of real visitors, measured by
 * `/analytics.js` (never part of a page's first load) and sent as one `web_vitals` event per
 * document when the page is first hidden.
 *
 * The Worker serves each function below as text (workers/analytics/route.ts), so each must stay
 * self-contained: nothing from the module scope. The math is pure (`vitalsMath`, for unit tests);
 * `webVitalsCollector` gets it as its `m` argument, and the dispatcher's `record` as `send`.
 */
import type { WEB_VITALS } from "../../../core/analytics-events";

type Device = (typeof WEB_VITALS.devices)[number];
type Nav = (typeof WEB_VITALS.navs)[number];
export type VitalsParams = { lcp?: number; inp?: number; cls?: number; ttfb?: number; device: Device; nav: Nav };

export interface ShiftEntry {
  startTime: number;
  value: number;
  hadRecentInput: boolean;
}
export interface EventEntry {
  interactionId?: number;
  duration: number;
}
export interface NavEntry {
  name?: string;
  type?: string;
  responseStart: number;
  activationStart?: number;
}

/** CLS: the largest session window of shifts not caused by input (gap < 1 s, window ≤ 5 s). */
export function clsOf(entries: ShiftEntry[]): number {
  let worst = 0;
  let sum = 0;
  let first = -1;
  let last = -1;
  for (const e of entries) {
    if (e.hadRecentInput) continue;
    if (first >= 0 && e.startTime - last < 1000 && e.startTime - first < 5000) sum += e.value;
    else {
      sum = e.value;
      first = e.startTime;
    }
    last = e.startTime;
    if (sum > worst) worst = sum;
  }
  return Math.round(worst * 10000) / 10000;
}

/**
 * INP: each interaction's longest entry (grouped by interactionId), then the worst, skipping one
 * per 50 interactions (the 98th percentile of a long visit). `count` is the browser's own count
 * of interactions when it has one (entries under the observer's threshold are not seen here).
 * Undefined when there was no interaction.
 */
export function inpOf(entries: EventEntry[], count?: number): number | undefined {
  const longest = new Map<number, number>();
  for (const e of entries) {
    if (!e.interactionId) continue;
    longest.set(e.interactionId, Math.max(longest.get(e.interactionId) ?? 0, e.duration));
  }
  if (!longest.size) return undefined;
  const worst = [...longest.values()].sort((a, b) => b - a);
  const n = Math.max(count ?? 0, longest.size);
  return Math.round(worst[Math.min(worst.length - 1, Math.floor(n / 50))]!);
}

/**
 * LCP: the last candidate painted before `stop` (the first input, or the page hidden: the browser
 * stops looking then), from the page's activation (a prerendered page's clock starts early).
 */
export function lcpOf(entries: { startTime: number }[], stop: number, activationStart = 0): number | undefined {
  let at: number | undefined;
  for (const e of entries) if (e.startTime <= stop) at = e.startTime;
  return at === undefined ? undefined : Math.round(Math.max(0, at - activationStart));
}

/** TTFB: the response's first byte from the page's activation, never below 0. */
export function ttfbOf(nav: NavEntry | undefined): number | undefined {
  if (!nav || !(nav.responseStart > 0)) return undefined;
  return Math.round(Math.max(0, nav.responseStart - (nav.activationStart ?? 0)));
}

/** The navigation's type; a page that was prerendered and then shown is `prerender`. */
export function navOf(nav: NavEntry | undefined): Nav {
  if (nav && (nav.activationStart ?? 0) > 0) return "prerender";
  const t = nav?.type;
  return t === "reload" || t === "back_forward" || t === "prerender" ? t : "navigate";
}

/** The device class from the screen's CSS width (the window's when there is no screen). */
export function deviceOf(screenWidth: number | undefined, innerWidth: number): Device {
  const width = screenWidth && screenWidth > 0 ? screenWidth : innerWidth;
  return width < 768 ? "phone" : width < 1024 ? "tablet" : "desktop";
}

export const vitalsMath = { clsOf, inpOf, lcpOf, ttfbOf, navOf, deviceOf };
export type VitalsMath = typeof vitalsMath;

type Observer = { observe(o: { type: string; buffered?: boolean; durationThreshold?: number }): void; takeRecords?(): unknown[]; disconnect(): void };

/** What the collector uses of the browser's window (a fake in unit tests). */
export interface VitalsWindow {
  PerformanceObserver?: {
    new (cb: (list: { getEntries(): unknown[] }) => void): Observer;
    supportedEntryTypes?: readonly string[];
  };
  performance: { getEntriesByType(type: string): unknown[]; interactionCount?: number };
  location: { pathname: string };
  innerWidth: number;
  screen?: { width: number };
  document: { visibilityState: string; addEventListener(type: string, fn: () => void, capture?: boolean): void };
  addEventListener(type: string, fn: () => void, capture?: boolean): void;
}

/**
 * Starts measuring (from `/analytics.js`, so after the first interaction): buffered observers
 * replay what happened since the page started. At the first `visibilitychange` to hidden or
 * `pagehide`, whichever comes first, sends the metrics the browser had (WebKit has no LCP nor
 * INP: they are left out) once, with the path the document was loaded at (vitals are per
 * document, not per client-side navigation).
 */
export function webVitalsCollector(w: VitalsWindow, m: VitalsMath, send: (params: VitalsParams, path: string) => void): void {
  const PO = w.PerformanceObserver;
  if (!PO) return;
  const types = PO.supportedEntryTypes ?? [];
  const nav = w.performance.getEntriesByType("navigation")[0] as NavEntry | undefined;
  let path = w.location.pathname;
  try {
    if (nav?.name) path = new URL(nav.name).pathname;
  } catch {
    /* keep the location's */
  }
  const device = m.deviceOf(w.screen?.width, w.innerWidth);
  const lcp: { startTime: number }[] = [];
  const shifts: ShiftEntry[] = [];
  const events: EventEntry[] = [];
  let stop = Number.POSITIVE_INFINITY;
  const observers: [Observer, (list: unknown[]) => void][] = [];
  const watch = (type: string, take: (list: unknown[]) => void, extra: { durationThreshold?: number } = {}) => {
    if (!types.includes(type)) return;
    try {
      const o = new PO((list) => take(list.getEntries()));
      o.observe({ type, buffered: true, ...extra });
      observers.push([o, take]);
    } catch {
      /* an entry type this browser refuses: that metric is left out */
    }
  };
  watch("largest-contentful-paint", (l) => lcp.push(...(l as { startTime: number }[])));
  watch("layout-shift", (l) => shifts.push(...(l as ShiftEntry[])));
  watch("event", (l) => events.push(...(l as EventEntry[])), { durationThreshold: 40 });
  watch("first-input", (l) => {
    events.push(...(l as EventEntry[]));
    for (const e of l as { startTime: number }[]) stop = Math.min(stop, e.startTime);
  });
  let sent = false;
  const done = () => {
    if (sent) return;
    sent = true;
    for (const [o, take] of observers) {
      take(o.takeRecords?.() ?? []);
      o.disconnect();
    }
    const params: VitalsParams = { device, nav: m.navOf(nav) };
    const values = {
      lcp: types.includes("largest-contentful-paint") ? m.lcpOf(lcp, stop, nav?.activationStart) : undefined,
      inp: types.includes("event") ? m.inpOf(events, w.performance.interactionCount) : undefined,
      cls: types.includes("layout-shift") ? m.clsOf(shifts) : undefined,
      ttfb: m.ttfbOf(nav),
    };
    for (const k of ["lcp", "inp", "cls", "ttfb"] as const) if (values[k] !== undefined) params[k] = values[k];
    if (params.lcp === undefined && params.inp === undefined && params.cls === undefined && params.ttfb === undefined) return;
    send(params, path);
  };
  w.document.addEventListener(
    "visibilitychange",
    () => {
      if (w.document.visibilityState === "hidden") done();
    },
    true,
  );
  w.addEventListener("pagehide", done, true);
}
