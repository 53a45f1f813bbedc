import { afterEach, describe, expect, it, vi } from "vitest";
import { chatSettings } from "./chat-launcher";

const answer = (status: number, body: unknown = {}) =>
  vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

describe("the chat's settings read", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives the configured chat", async () => {
    const fetch = answer(200, { data: { chat: { provider: "demo" } } });
    vi.stubGlobal("fetch", fetch);
    expect(await chatSettings("es")).toEqual({ provider: "demo" });
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/support/getsettings?v=1&locale=es");
  });

  it("skips the chat quietly for a banned player's session (403): no chat, and nothing to log", async () => {
    vi.stubGlobal("fetch", answer(403, { error: { type: "UserBannedException", message: "This account is blocked." } }));
    expect(await chatSettings("en")).toBeNull();
  });

  it("fails on any other refusal, for the launcher to log", async () => {
    vi.stubGlobal("fetch", answer(500));
    await expect(chatSettings("en")).rejects.toThrow("support.getsettings answered 500");
  });
});
