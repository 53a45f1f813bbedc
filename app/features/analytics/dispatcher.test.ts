import { describe, expect, it, vi } from "vitest";
import { analyticsDispatcher, type AnalyticsConfig, type AnalyticsWindow } from "./dispatcher";
import { AnalyticsEventInput } from "../../../core/api/contract-analytics";
import { analyticsModuleSource } from "./module-source";

/** The analytics dispatcher (decision 0057) against a fake window: queue, identities, sinks, history. */

type Sent = { aid: string; events: { name: string; params: Record<string, unknown>; at: number; path: string }[] };

function fakeWindow(opts: { path?: string; storage?: Record<string, string>; queue?: unknown[] } = {}) {
  const storage = new Map(Object.entries(opts.storage ?? {}));
  const timers: (() => void)[] = [];
  const listeners = new Map<string, ((e: Event) => void)[]>();
  const submitListeners: ((e: Event) => void)[] = [];
  const sent: Sent[] = [];
  let uuid = 0;
  const location = { pathname: opts.path ?? "/", search: "" };
  const go = (url: string) => {
    const u = new URL(url, "https://site.test");
    location.pathname = u.pathname;
    location.search = u.search;
  };
  const w: AnalyticsWindow & { pfa?: unknown } = {
    pfa: opts.queue as AnalyticsWindow["pfa"],
    localStorage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    location,
    history: {
      pushState: (_s: unknown, _t: unknown, url: unknown) => go(String(url)),
      replaceState: (_s: unknown, _t: unknown, url: unknown) => go(String(url)),
    },
    crypto: { randomUUID: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, "0")}` },
    document: { addEventListener: (_t, fn) => void submitListeners.push(fn) },
    addEventListener: (t, fn) => void listeners.set(t, [...(listeners.get(t) ?? []), fn]),
    setTimeout: (fn) => timers.push(fn),
    fetch: async (_url, init) => {
      const body = init.body as FormData;
      sent.push({ aid: String(body.get("aid")), events: JSON.parse(String(body.get("events"))) });
      return new Response("{}");
    },
  };
  const tick = () => {
    for (const f of timers.splice(0)) f();
  };
  const fire = (t: string) => {
    for (const f of listeners.get(t) ?? []) f(new Event(t));
  };
  const submit = (form: { intent?: string; tournament_id?: string; campaign_id?: string; amount?: string; className?: string }) => {
    const inputs: Record<string, { value: string } | null> = {
      'input[name="intent"]': form.intent ? { value: form.intent } : null,
      'input[name="tournament_id"]': form.tournament_id ? { value: form.tournament_id } : null,
      'input[name="campaign_id"]': form.campaign_id ? { value: form.campaign_id } : null,
      'input[name="amount"]': form.amount ? { value: form.amount } : null,
    };
    const target = { querySelector: (s: string) => inputs[s] ?? null, classList: { contains: (c: string) => (form.className ?? "").split(" ").includes(c) } };
    for (const f of submitListeners) f({ target } as unknown as Event);
  };
  const names = () => sent.flatMap((s) => s.events.map((e) => e.name));
  return { w, storage, sent, tick, fire, submit, names, go };
}

const cfg = (over: Partial<AnalyticsConfig> = {}): AnalyticsConfig => ({
  uid: null,
  gtmId: "",
  ymId: "",
  locales: ["en", "es", "pt", "ar"],
  collect: "/api/analytics/collect?v=1",
  batchMs: 1000,
  ...over,
});

describe("the analytics dispatcher", () => {
  it("drains the queue into one batch with a new anonymous id, then takes pushes at once", () => {
    const f = fakeWindow({
      path: "/about",
      queue: [
        ["page_view", { path: "/about" }, 5],
        ["sign_up_error", { code: "InvalidParameterException" }, 6],
      ],
    });
    analyticsDispatcher(cfg(), f.w);
    expect(f.sent).toEqual([]); // batched
    f.tick();
    expect(f.sent).toHaveLength(1);
    const aid = f.storage.get("pf.aid");
    expect(aid).toMatch(/^[0-9a-f]{32}$/);
    expect(f.sent[0]).toEqual({
      aid,
      events: [
        { name: "page_view", params: { path: "/about" }, at: 5, path: "/about" },
        { name: "sign_up_error", params: { code: "InvalidParameterException" }, at: 6, path: "/about" },
      ],
    });
    // Every event the dispatcher sends is one the collector accepts.
    for (const e of f.sent[0]!.events) expect(AnalyticsEventInput.safeParse(e).success).toBe(true);
    (f.w.pfa as { push(e: unknown): void }).push(["wheel_spin", { campaign: "w" }]);
    f.tick();
    expect(f.names()).toEqual(["page_view", "sign_up_error", "wheel_spin"]);
    expect(f.sent[1]!.aid).toBe(aid);
  });

  it("sends at most 20 events a request", () => {
    const queue = Array.from({ length: 45 }, (_, i) => ["page_view", { n: i }]);
    const f = fakeWindow({ queue });
    analyticsDispatcher(cfg(), f.w);
    f.tick();
    expect(f.sent.map((s) => s.events.length)).toEqual([20, 20, 5]);
  });

  it("identifies once per player, and anonymizes on logout with a new anonymous id", () => {
    const f = fakeWindow({ storage: { "pf.aid": "a".repeat(32) }, queue: [["identify", { uid: 7 }]] });
    analyticsDispatcher(cfg({ uid: 7 }), f.w);
    const push = (e: unknown[]) => (f.w.pfa as { push(e: unknown): void }).push(e);
    push(["identify", { uid: 7 }]); // the same player again: nothing new
    expect(f.storage.get("pf.uid")).toBe("7");
    f.submit({ intent: "logout" });
    // logout and anonymize went out at once (the page is leaving) under the old id.
    expect(f.sent).toEqual([
      {
        aid: "a".repeat(32),
        events: [
          expect.objectContaining({ name: "identify", params: { uid: "7" } }),
          expect.objectContaining({ name: "logout" }),
          expect.objectContaining({ name: "anonymize" }),
        ],
      },
    ]);
    expect(f.storage.get("pf.uid")).toBeUndefined();
    expect(f.storage.get("pf.aid")).toMatch(/^[0-9a-f]{32}$/);
    expect(f.storage.get("pf.aid")).not.toBe("a".repeat(32));
  });

  it("anonymizes when a document of nobody follows an identified one; another player re-identifies", () => {
    const f = fakeWindow({ storage: { "pf.aid": "b".repeat(32), "pf.uid": "7" } });
    analyticsDispatcher(cfg({ uid: null }), f.w);
    expect(f.sent).toEqual([{ aid: "b".repeat(32), events: [expect.objectContaining({ name: "anonymize" })] }]);
    expect(f.storage.get("pf.uid")).toBeUndefined();

    const g = fakeWindow({ storage: { "pf.aid": "c".repeat(32), "pf.uid": "7" }, queue: [["identify", { uid: 8 }]] });
    analyticsDispatcher(cfg({ uid: 8 }), g.w);
    g.tick();
    expect(g.sent.map((s) => [s.aid, s.events.map((e) => e.name)])).toEqual([
      ["c".repeat(32), ["anonymize"]],
      [g.storage.get("pf.aid"), ["identify"]],
    ]);
    expect(g.storage.get("pf.uid")).toBe("8");
  });

  it("turns client-side navigations into page views, and game routes into game launches too", () => {
    const f = fakeWindow({ path: "/gamehall" });
    analyticsDispatcher(cfg(), f.w);
    f.w.history.pushState(null, "", "/game/book-of-dawn");
    f.w.history.replaceState(null, "", "/game/book-of-dawn?mode=real"); // same path: no new view
    f.w.history.pushState(null, "", "/es/game/fruit-zen");
    f.go("/about");
    f.fire("popstate");
    f.w.history.pushState(null, "", "/games/x"); // not a game page
    f.tick();
    expect(f.sent[0]!.events.map((e) => [e.name, e.params])).toEqual([
      ["page_view", { path: "/game/book-of-dawn" }],
      ["game_launch", { sysname: "book-of-dawn" }],
      ["page_view", { path: "/es/game/fruit-zen" }],
      ["game_launch", { sysname: "fruit-zen" }],
      ["page_view", { path: "/about" }],
      ["page_view", { path: "/games/x" }],
    ]);
  });

  it("recognises the deposit, tournament and wheel forms", () => {
    const f = fakeWindow({ path: "/cashier/deposit/demo_card" });
    analyticsDispatcher(cfg(), f.w);
    f.submit({ className: "cashier__form", amount: "25" });
    f.submit({ intent: "participate", tournament_id: "3" });
    f.submit({ intent: "spin", campaign_id: "2" });
    f.submit({ className: "other" });
    f.tick();
    expect(f.sent[0]!.events.map((e) => [e.name, e.params])).toEqual([
      ["deposit_submit", { method: "demo_card", amount: "25" }],
      ["tournament_participate", { tournament_id: "3" }],
      ["wheel_spin", { campaign_id: "2" }],
    ]);
  });

  it("also feeds GTM's dataLayer and Metrica's ym when the site names them, and only calls what exists", () => {
    const ym = vi.fn();
    const f = fakeWindow({
      queue: [
        ["identify", { uid: 4 }],
        ["deposit_submit", { method: "demo_card" }],
      ],
    });
    Object.assign(f.w, { ym });
    analyticsDispatcher(cfg({ gtmId: "GTM-TEST", ymId: "123", uid: 4 }), f.w);
    expect(f.w.dataLayer).toEqual([
      { event: "identify", uid: "4", userid: "4" },
      { event: "deposit_submit", method: "demo_card", userid: "4" },
    ]);
    expect(ym.mock.calls).toEqual([
      [123, "userParams", { UserID: "4" }],
      [123, "reachGoal", "deposit_submit", { method: "demo_card" }],
    ]);
    // Without ids nothing but the collector; a site naming Metrica whose script is absent is fine.
    const g = fakeWindow({ queue: [["page_view", {}]] });
    analyticsDispatcher(cfg({ ymId: "123" }), g.w);
    expect(g.w.dataLayer).toBeUndefined();
  });

  it("is self-contained: its text runs as the /analytics.js module", async () => {
    const source = `return (${analyticsDispatcher.toString()})(cfg, w);`;
    const f = fakeWindow({ queue: [["page_view", { path: "/" }]] });
    new Function("cfg", "w", source)(cfg(), f.w);
    f.tick();
    expect(f.names()).toEqual(["page_view"]);
  });

  it("serves /analytics.js whole: the dispatcher and the Web Vitals collector run alone, one web_vitals event at hide", () => {
    const text = analyticsModuleSource();
    expect(text.startsWith("export function start(cfg) {")).toBe(true);
    // The module as the browser runs it, against a window that has the fake's parts and buffered entries.
    const f = fakeWindow({ path: "/gamehall", queue: [["page_view", { path: "/gamehall" }]] });
    const docListeners: Record<string, (() => void)[]> = {};
    const doc = { visibilityState: "visible", addEventListener: (t: string, fn: () => void) => void (docListeners[t] ??= []).push(fn) };
    const entries: Record<string, unknown[]> = {
      "largest-contentful-paint": [{ startTime: 1234.4 }],
      "layout-shift": [{ startTime: 10, value: 0.25, hadRecentInput: false }],
      event: [],
      "first-input": [{ startTime: 2000, duration: 16, interactionId: 9 }],
    };
    class PO {
      static supportedEntryTypes = Object.keys(entries);
      constructor(private cb: (l: { getEntries(): unknown[] }) => void) {}
      observe(o: { type: string }) {
        this.cb({ getEntries: () => entries[o.type] ?? [] });
      }
      disconnect() {}
    }
    const nav = { name: "https://site.test/about?x=1", type: "navigate", responseStart: 95, activationStart: 0 };
    const window = Object.assign(f.w, {
      PerformanceObserver: PO,
      performance: { getEntriesByType: (t: string) => (t === "navigation" ? [nav] : []) },
      innerWidth: 1440,
      screen: { width: 1440 },
      document: doc,
    });
    const start = new Function("window", `${text.replace(/^export /, "")}\nreturn start;`)(window) as (c: AnalyticsConfig) => { flush(): void };
    // Nothing from this module's scope: the text reaches only `window` and the globals it names (URL, Date, Math).
    start(cfg());
    f.tick();
    expect(f.names()).toEqual(["page_view"]);
    doc.visibilityState = "hidden";
    for (const fn of docListeners.visibilitychange ?? []) fn();
    f.fire("pagehide");
    const vitals = f.sent.flatMap((s) => s.events).filter((e) => e.name === "web_vitals");
    expect(vitals).toEqual([
      { name: "web_vitals", params: { device: "desktop", nav: "navigate", lcp: 1234, inp: 16, cls: 0.25, ttfb: 95 }, at: expect.any(Number), path: "/about" },
    ]);
    for (const e of f.sent.flatMap((s) => s.events)) expect(AnalyticsEventInput.safeParse(e).success).toBe(true);
  });
});
