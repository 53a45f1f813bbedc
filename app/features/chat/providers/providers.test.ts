import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatSettings } from "../../../../core/api/contract-support";
import { IDENTIFY_ATTEMPTS, IDENTIFY_RETRY_MS, type ChatWindow } from "./adapter";
import { ADAPTERS, HIDE_POLL_MS, startChatProvider } from "./controller";
import * as betunlim from "./betunlim";
import * as comm100 from "./comm100";
import * as freshChatModule from "./fresh-chat";
import { freshChat } from "./fresh-chat";
import * as jivoSite from "./jivo-site";
import * as liveChat from "./live-chat";
import * as liveTex from "./live-tex";
import * as verbox from "./verbox";

/**
 * The chat adapters against local stand-ins (decision 0055): a fake window whose "scripts" are
 * functions that define the provider's global — late, as a real widget script does — or fail.
 */

type StandIn = (win: ChatWindow) => void;

interface FakeElement {
  style: { display: string };
}

function fakeWindow(scripts: Record<string, StandIn | "fail">, widgets: FakeElement[] = []) {
  const injected: Array<{ src: string; attrs: Record<string, string> }> = [];
  const win = {
    setTimeout: ((fn: () => void, ms?: number) => setTimeout(fn, ms)) as typeof setTimeout,
    clearTimeout: ((t: ReturnType<typeof setTimeout>) => clearTimeout(t)) as typeof clearTimeout,
    document: {
      createElement: () => ({
        attrs: {} as Record<string, string>,
        setAttribute(k: string, v: string) {
          this.attrs[k] = v;
        },
      }),
      head: {
        appendChild(el: { src: string; attrs: Record<string, string>; onload: () => void; onerror: () => void }) {
          injected.push({ src: el.src, attrs: el.attrs });
          const script = scripts[el.src];
          setTimeout(() => {
            if (!script || script === "fail") return el.onerror();
            script(win as unknown as ChatWindow);
            el.onload();
          }, 10);
        },
      },
      querySelectorAll: () => widgets,
    },
  } as unknown as ChatWindow;
  return { win, injected };
}

/** The same adapter modules as ADAPTERS, imported up front: no real module loading under the fake clock. */
const LOCAL = {
  live_tex: async () => liveTex,
  freshChat: async () => freshChatModule,
  liveChat: async () => liveChat,
  verbox: async () => verbox,
  betunlim: async () => betunlim,
  jivoSite: async () => jivoSite,
  comm100: async () => comm100,
};

/** Runs the fake clock in small steps until `p` settles (the adapter's module import is real I/O). */
async function settled<T>(p: Promise<T>): Promise<T> {
  let done = false;
  void p.finally(() => (done = true)).catch(() => {});
  for (let i = 0; i < 200 && !done; i++) await vi.advanceTimersByTimeAsync(5);
  return p;
}

const settings = (s: Partial<ChatSettings> & Pick<ChatSettings, "provider">): ChatSettings => ({ lang: "en", ...s });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("jivoSite", () => {
  it("loads its script from the provider's host with the widget id, and identifies once the API appears (retry every 500 ms)", async () => {
    const api = { setContactInfo: vi.fn(), setCustomData: vi.fn(), clearHistory: vi.fn(), close: vi.fn() };
    // The widget's API arrives 1.2 s after its script ran, as Jivo's does.
    const { win, injected } = fakeWindow({ "https://code.jivosite.com/widget/abc123": (w) => setTimeout(() => (w.jivo_api = api), 1200) });
    const started = settled(startChatProvider(settings({ provider: "jivoSite", widget_id: "abc123", src: "https://code.jivosite.com/widget/" }), win, LOCAL));
    const chat = (await started)!;
    expect(injected.map((s) => s.src)).toEqual(["https://code.jivosite.com/widget/abc123"]);

    chat.identify({ uid: 42, name: "ana", email: "ana@example.com" });
    await vi.advanceTimersByTimeAsync(IDENTIFY_RETRY_MS * 2);
    expect(api.setContactInfo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDENTIFY_RETRY_MS);
    expect(api.setContactInfo).toHaveBeenCalledWith({ name: "ana", email: "ana@example.com" });
    expect(api.setCustomData).toHaveBeenCalledWith([{ title: "uid", content: "42" }]);

    chat.reset();
    expect(api.clearHistory).toHaveBeenCalledTimes(1);
  });

  it("gives up identifying after a bounded number of tries, logging it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { win } = fakeWindow({ "https://code.jivosite.com/widget/w": () => {} });
    const started = settled(startChatProvider(settings({ provider: "jivoSite", widget_id: "w" }), win, LOCAL));
    (await started)!.identify({ anonymousId: "a".repeat(32) });
    await vi.advanceTimersByTimeAsync(IDENTIFY_RETRY_MS * IDENTIFY_ATTEMPTS);
    expect(warn).toHaveBeenCalledWith("chat: jivoSite identify failed", "chat: the provider's API did not appear");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("startChatProvider", () => {
  it("logs a script that does not load and skips the chat", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { win, injected } = fakeWindow({ "https://cdn.livechatinc.com/tracking.js": "fail" });
    const started = settled(startChatProvider(settings({ provider: "liveChat", license: "123" }), win, LOCAL));
    expect(await started).toBeNull();
    expect(injected).toHaveLength(1);
    expect(error).toHaveBeenCalledWith("chat: liveChat failed to load; chat skipped", "chat: https://cdn.livechatinc.com/tracking.js failed to load");
  });

  it("logs a config without the provider's key and injects nothing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { win, injected } = fakeWindow({});
    expect(await startChatProvider(settings({ provider: "verbox" }), win, LOCAL)).toBeNull();
    expect(injected).toEqual([]);
    expect(error).toHaveBeenCalledWith("chat: verbox failed to load; chat skipped", "chat: verbox needs id");
  });

  it("keeps the widget hidden on a betting or game route with a 100 ms poll, and shows it again after", async () => {
    const widget = { style: { display: "" } };
    const { win } = fakeWindow({ "https://admin.verbox.ru/support/support.js?h=v1": (w) => (w.Verbox = vi.fn()) }, [widget]);
    const started = settled(startChatProvider(settings({ provider: "verbox", id: "v1", src: "https://admin.verbox.ru/support/support.js" }), win, LOCAL));
    const chat = (await started)!;
    chat.setHidden(true);
    expect(widget.style.display).toBe("none");
    widget.style.display = ""; // the widget shows itself again
    await vi.advanceTimersByTimeAsync(HIDE_POLL_MS);
    expect(widget.style.display).toBe("none");
    chat.setHidden(false);
    expect(widget.style.display).toBe("");
    await vi.advanceTimersByTimeAsync(HIDE_POLL_MS * 3);
    expect(widget.style.display).toBe("");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("has an adapter for each of SPEC's seven providers; comm100 loads nothing", async () => {
    expect(Object.keys(ADAPTERS).sort()).toEqual(["betunlim", "comm100", "freshChat", "jivoSite", "liveChat", "live_tex", "verbox"]);
    expect(Object.keys(LOCAL).sort()).toEqual(Object.keys(ADAPTERS).sort());
    const { win, injected } = fakeWindow({});
    const chat = await startChatProvider(settings({ provider: "comm100", id: "x" }), win, LOCAL);
    expect(chat).not.toBeNull();
    expect(injected).toEqual([]);
  });
});

describe("freshChat", () => {
  it("initialises with the token and stores the widget's message events (FreshChat.storeChatEvent)", async () => {
    const handlers = new Map<string, (e: unknown) => void>();
    const fc = {
      init: vi.fn(),
      setExternalId: vi.fn(),
      user: { setFirstName: vi.fn(), setEmail: vi.fn(), clear: vi.fn() },
      on: (n: string, l: (e: unknown) => void) => handlers.set(n, l),
      show: vi.fn(),
      hide: vi.fn(),
    };
    const { win } = fakeWindow({ "https://wchat.freshchat.com/js/widget.js": (w) => (w.fcWidget = fc) });
    const call = vi.fn().mockResolvedValue({ id: 1 });
    const adapter = freshChat(win, call);
    const loaded = adapter.load(settings({ provider: "freshChat", id: "tok", src: "https://wchat.freshchat.com/js/widget.js" }));
    await vi.advanceTimersByTimeAsync(20);
    await loaded;
    expect(fc.init).toHaveBeenCalledWith({ token: "tok", host: "https://wchat.freshchat.com", locale: "en" });
    handlers.get("message:sent")!({ data: { message: { channelId: 7, conversationId: "c-9", messageParts: [{ text: { content: "Hi" } }] } } });
    handlers.get("message:received")!({ data: { message: { channelId: 7, conversationId: "c-9", messageParts: [{ text: { content: "Hello!" } }] } } });
    expect(call.mock.calls).toEqual([
      ["FreshChat.storeChatEvent", "POST", { channel_id: "7", conversation_id: "c-9", text: "Hi", event: "sent" }],
      ["FreshChat.storeChatEvent", "POST", { channel_id: "7", conversation_id: "c-9", text: "Hello!", event: "received" }],
    ]);
    await adapter.identify({ uid: 5, name: "bo" });
    expect(fc.setExternalId).toHaveBeenCalledWith("5");
    adapter.reset();
    expect(fc.user.clear).toHaveBeenCalled();
  });
});
