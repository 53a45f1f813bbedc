import { describe, expect, it } from "vitest";
import { WebVitalsParams } from "../../../core/api/contract-analytics";
import { clsOf, deviceOf, inpOf, lcpOf, navOf, ttfbOf, vitalsMath, type VitalsParams, type VitalsWindow, webVitalsCollector } from "./web-vitals";

/** Field Web Vitals (decision 0113): the metric math, and the collector against a fake browser. */

const shift = (startTime: number, value: number, hadRecentInput = false) => ({ startTime, value, hadRecentInput });

describe("CLS", () => {
  it("is the largest session window: gaps under 1 s join, a window stops at 5 s", () => {
    expect(clsOf([])).toBe(0);
    // One window: 0.1 + 0.05 (gap 900 ms); then a gap of 1 s opens another: 0.12.
    expect(clsOf([shift(100, 0.1), shift(1000, 0.05), shift(2000, 0.12)])).toBe(0.15);
    // Shifts every 900 ms never break the gap rule, but the window ends after 5 s.
    const steady = Array.from({ length: 10 }, (_, i) => shift(i * 900, 0.01));
    expect(clsOf(steady)).toBe(0.06); // 0, 900, …, 4500 in the first window
  });

  it("leaves out shifts right after input, and rounds to 4 decimals", () => {
    expect(clsOf([shift(0, 0.3, true), shift(100, 0.012345)])).toBe(0.0123);
  });
});

describe("INP", () => {
  it("groups entries by interaction and takes each one's longest; no interaction, no INP", () => {
    expect(inpOf([])).toBeUndefined();
    expect(inpOf([{ interactionId: 0, duration: 400 }])).toBeUndefined(); // not an interaction (hover, say)
    const entries = [
      { interactionId: 1, duration: 48 },
      { interactionId: 1, duration: 120 }, // pointerup of the same click
      { interactionId: 2, duration: 80 },
    ];
    expect(inpOf(entries)).toBe(120);
  });

  it("skips the worst one per 50 interactions (98th percentile), counting the browser's interactions", () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ interactionId: i + 1, duration: 100 + i }));
    expect(inpOf(many)).toBe(217); // 120 interactions: skip the 2 worst (219, 218)
    expect(inpOf(many.slice(0, 49))).toBe(148); // under 50: the worst
    // Short interactions the observer's threshold hid still count: 3 seen of 100 → skip 2.
    expect(
      inpOf(
        [
          { interactionId: 5, duration: 300 },
          { interactionId: 6, duration: 200 },
          { interactionId: 7, duration: 60.6 },
        ],
        100,
      ),
    ).toBe(61);
  });
});

describe("LCP, TTFB, navigation and device", () => {
  it("LCP is the last candidate before the first input, from activation", () => {
    const entries = [{ startTime: 400.4 }, { startTime: 900 }, { startTime: 2500 }];
    expect(lcpOf(entries, Number.POSITIVE_INFINITY)).toBe(2500);
    expect(lcpOf(entries, 1200)).toBe(900); // the input at 1.2 s stopped it
    expect(lcpOf(entries, 100)).toBeUndefined();
    expect(lcpOf(entries, 1000, 600)).toBe(300); // prerendered, shown at 600 ms
    expect(lcpOf([{ startTime: 200 }], 1000, 600)).toBe(0);
  });

  it("TTFB is the first byte from activation, clamped at 0", () => {
    expect(ttfbOf({ responseStart: 123.6 })).toBe(124);
    expect(ttfbOf({ responseStart: 300, activationStart: 1000 })).toBe(0);
    expect(ttfbOf({ responseStart: 1500, activationStart: 1000 })).toBe(500);
    expect(ttfbOf({ responseStart: 0 })).toBeUndefined();
    expect(ttfbOf(undefined)).toBeUndefined();
  });

  it("names the navigation and the device class", () => {
    expect(navOf({ responseStart: 1, type: "reload" })).toBe("reload");
    expect(navOf({ responseStart: 1, type: "back_forward" })).toBe("back_forward");
    expect(navOf({ responseStart: 1, type: "navigate", activationStart: 50 })).toBe("prerender");
    expect(navOf({ responseStart: 1, type: "other" })).toBe("navigate");
    expect(navOf(undefined)).toBe("navigate");
    expect([deviceOf(390, 390), deviceOf(767, 1200), deviceOf(768, 768), deviceOf(1023, 0), deviceOf(1024, 500), deviceOf(0, 600)]).toEqual([
      "phone",
      "phone",
      "tablet",
      "tablet",
      "desktop",
      "phone",
    ]);
  });
});

type Listener = () => void;

/** A fake browser: entries per type, buffered replay, visibility and pagehide. */
function fakeVitalsWindow(opts: {
  supported?: string[];
  entries?: Record<string, unknown[]>;
  nav?: unknown;
  path?: string;
  width?: number;
  interactionCount?: number;
}) {
  const supported = opts.supported ?? ["largest-contentful-paint", "layout-shift", "event", "first-input", "navigation"];
  const entries = opts.entries ?? {};
  const listeners: Record<string, Listener[]> = {};
  const observed: { type: string; buffered?: boolean; durationThreshold?: number }[] = [];
  const on = (t: string, fn: Listener) => void (listeners[t] ??= []).push(fn);
  const doc = { visibilityState: "visible", addEventListener: on };
  class PO {
    static supportedEntryTypes = supported;
    type = "";
    constructor(private cb: (l: { getEntries(): unknown[] }) => void) {}
    observe(o: { type: string; buffered?: boolean; durationThreshold?: number }) {
      observed.push(o);
      this.type = o.type;
      if (o.buffered) this.cb({ getEntries: () => entries[o.type] ?? [] });
    }
    takeRecords() {
      return [];
    }
    disconnect() {}
  }
  const w: VitalsWindow = {
    PerformanceObserver: PO,
    performance: {
      getEntriesByType: (t) => (t === "navigation" && opts.nav ? [opts.nav] : []),
      ...(opts.interactionCount !== undefined && { interactionCount: opts.interactionCount }),
    },
    location: { pathname: opts.path ?? "/later" },
    innerWidth: opts.width ?? 1280,
    screen: { width: opts.width ?? 1280 },
    document: doc,
    addEventListener: on,
  };
  const fire = (t: string) => {
    for (const f of listeners[t] ?? []) f();
  };
  const hide = () => {
    doc.visibilityState = "hidden";
    fire("visibilitychange");
  };
  return { w, observed, fire, hide };
}

const chromeNav = { name: "https://site.test/game/book-of-dawn?x=1", type: "navigate", responseStart: 180.2, activationStart: 0 };

describe("the Web Vitals collector", () => {
  it("observes buffered entries and sends once at the first hide, with the document's first path", () => {
    const f = fakeVitalsWindow({
      nav: chromeNav,
      path: "/gamehall", // a client-side navigation since: vitals stay the document's
      width: 390,
      entries: {
        "largest-contentful-paint": [{ startTime: 800 }, { startTime: 1900 }],
        "layout-shift": [shift(500, 0.02), shift(900, 0.03)],
        event: [{ interactionId: 3, duration: 72 }],
        "first-input": [{ interactionId: 3, duration: 24, startTime: 1500 }],
      },
    });
    const sent: [VitalsParams, string][] = [];
    webVitalsCollector(f.w, vitalsMath, (p, path) => sent.push([p, path]));
    expect(f.observed).toEqual([
      { type: "largest-contentful-paint", buffered: true },
      { type: "layout-shift", buffered: true },
      { type: "event", buffered: true, durationThreshold: 40 },
      { type: "first-input", buffered: true },
    ]);
    expect(sent).toEqual([]);
    f.hide();
    f.fire("pagehide");
    f.hide();
    expect(sent).toEqual([[{ device: "phone", nav: "navigate", lcp: 800, inp: 72, cls: 0.05, ttfb: 180 }, "/game/book-of-dawn"]]);
    expect(WebVitalsParams.safeParse(sent[0]![0]).success).toBe(true);
  });

  it("leaves out what the browser cannot measure (WebKit: no LCP, no INP); pagehide sends too", () => {
    const f = fakeVitalsWindow({ supported: ["layout-shift", "navigation"], nav: { ...chromeNav, type: "reload" }, width: 800 });
    const sent: VitalsParams[] = [];
    webVitalsCollector(f.w, vitalsMath, (p) => sent.push(p));
    f.fire("pagehide");
    expect(sent).toEqual([{ device: "tablet", nav: "reload", cls: 0, ttfb: 180 }]);
  });

  it("does nothing without PerformanceObserver", () => {
    const f = fakeVitalsWindow({ nav: chromeNav });
    const sent: unknown[] = [];
    webVitalsCollector({ ...f.w, PerformanceObserver: undefined }, vitalsMath, (p) => sent.push(p));
    f.fire("pagehide");
    expect(sent).toEqual([]);
  });
});
