import { describe, expect, it, vi } from "vitest";
import { RESTORE_SCROLL } from "./scroll-restoration";

/** Runs the inline script against a stub history and sessionStorage. */
function run(state: unknown, stored: string | null | (() => string)) {
  const history = { state, replaceState: vi.fn((next: unknown) => void (history.state = next)) };
  const sessionStorage = {
    getItem: vi.fn((_key: string) => (typeof stored === "function" ? stored() : stored)),
    removeItem: vi.fn(),
  };
  const scrollTo = vi.fn();
  new Function("history", "sessionStorage", "scrollTo", RESTORE_SCROLL)(history, sessionStorage, scrollTo);
  return { history, sessionStorage, scrollTo };
}

describe("the scroll restoration script", () => {
  it("gives a fresh history entry a key and leaves storage alone, since nothing can be stored for it", () => {
    const { history, sessionStorage, scrollTo } = run(null, JSON.stringify({ abc: 500 }));
    expect(history.replaceState).toHaveBeenCalledOnce();
    expect(history.state).toEqual({ key: expect.stringMatching(/^[0-9a-v]+$/) });
    expect(sessionStorage.getItem).not.toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("on a reload or a return to an entry, scrolls to where the player was", () => {
    const { history, sessionStorage, scrollTo } = run({ key: "abc", idx: 2 }, JSON.stringify({ abc: 640, other: 10 }));
    expect(sessionStorage.getItem).toHaveBeenCalledWith("react-router-scroll-positions");
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it("stays put when nothing is stored for the entry", () => {
    expect(run({ key: "abc" }, null).scrollTo).not.toHaveBeenCalled();
    expect(run({ key: "abc" }, JSON.stringify({ other: 10 })).scrollTo).not.toHaveBeenCalled();
  });

  it("clears stored positions it cannot read, and survives storage that refuses access", () => {
    expect(run({ key: "abc" }, "{not json").sessionStorage.removeItem).toHaveBeenCalledWith("react-router-scroll-positions");
    const denied = () => {
      throw new DOMException("denied", "SecurityError");
    };
    expect(() => run({ key: "abc" }, denied)).not.toThrow();
  });
});
