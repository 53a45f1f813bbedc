import { describe, expect, it, vi } from "vitest";
import { anonymousChatId, ANONYMOUS_KEY, forgetAnonymousChatId, resetAfterSignOut } from "./chat-identity";
import { chatHiddenOn } from "./chat-routes";
import { afterFirstInteraction } from "../../lib/first-interaction";
import { mergeMessages } from "./demo-chat";

/** The chat's deferral, identity, route rule and message merge (decision 0055). */

function fakeWindow() {
  const listeners = new Map<string, Set<() => void>>();
  const win = {
    addEventListener: (n: string, l: () => void) => listeners.set(n, (listeners.get(n) ?? new Set()).add(l)),
    removeEventListener: (n: string, l: () => void) => listeners.get(n)?.delete(l),
  };
  const fire = (name: string) => {
    for (const l of [...(listeners.get(name) ?? [])]) l();
  };
  return { win: win as unknown as Window, fire, count: () => [...listeners.values()].reduce((n, s) => n + s.size, 0) };
}

describe("afterFirstInteraction", () => {
  it("starts on the first interaction, once, and leaves no listener behind", () => {
    const { win, fire, count } = fakeWindow();
    const start = vi.fn();
    afterFirstInteraction(start, win);
    expect(start).not.toHaveBeenCalled();
    fire("pointerdown");
    fire("keydown");
    expect(start).toHaveBeenCalledTimes(1);
    expect(count()).toBe(0);
  });

  it("never starts after a cancel (the page moved to a route without chat)", () => {
    const { win, fire } = fakeWindow();
    const start = vi.fn();
    afterFirstInteraction(start, win)();
    fire("scroll");
    expect(start).not.toHaveBeenCalled();
  });
});

describe("the anonymous chat id", () => {
  const storage = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    } as Storage;
  };

  it("is made once, kept, and a new one after it is forgotten (sign-out)", () => {
    const s = storage();
    expect(anonymousChatId(s, false)).toBeNull();
    const id = anonymousChatId(s, true)!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(anonymousChatId(s, true)).toBe(id);
    forgetAnonymousChatId(s);
    expect(anonymousChatId(s, false)).toBeNull();
    expect(anonymousChatId(s, true)).not.toBe(id);
  });

  it("is forgotten on the first visitor page after a player's (a sign-out, even by a full reload), and only then", () => {
    const s = storage();
    const visitor = anonymousChatId(s, true)!;
    resetAfterSignOut(s, null);
    expect(anonymousChatId(s, false)).toBe(visitor);
    resetAfterSignOut(s, 7);
    resetAfterSignOut(s, 7);
    const kept = anonymousChatId(s, true);
    resetAfterSignOut(s, null);
    expect(anonymousChatId(s, false)).toBeNull();
    const next = anonymousChatId(s, true)!;
    expect(next).not.toBe(kept);
    resetAfterSignOut(s, null);
    expect(anonymousChatId(s, false)).toBe(next);
  });

  it("replaces a malformed stored value", () => {
    const s = storage();
    s.setItem(ANONYMOUS_KEY, "<script>");
    expect(anonymousChatId(s, false)).toBeNull();
    expect(anonymousChatId(s, true)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe("chatHiddenOn", () => {
  it.each([
    ["/betting", true],
    ["/es/betting", true],
    ["/game/book-of-ra", true],
    ["/ar/game/book-of-ra", true],
    ["/gamehall", false],
    ["/", false],
    ["/support", false],
  ])("%s → %s", (path, hidden) => expect(chatHiddenOn(path)).toBe(hidden));
});

describe("mergeMessages", () => {
  it("adds each message once, in id order", () => {
    const m = (id: number) => ({ id, author: "user" as const, text: `m${id}`, created_at: id });
    expect(mergeMessages([m(1), m(3)], [m(3), m(2), m(4)]).map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });
});
