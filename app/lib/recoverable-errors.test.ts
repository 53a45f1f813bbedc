import { describe, expect, it, vi } from "vitest";
import { LEAVING_REPORT_DELAY_MS, recoverableErrorReporter } from "./recoverable-errors";

function page(readyState: DocumentReadyState) {
  const listeners = new Map<string, Set<() => void>>();
  const target = {
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
    removeEventListener: (type: string, fn: () => void) => void listeners.get(type)?.delete(fn),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  } as unknown as Parameters<typeof recoverableErrorReporter>[0];
  const fire = (type: string) => {
    for (const fn of listeners.get(type) ?? []) fn();
  };
  const count = (type: string) => listeners.get(type)?.size ?? 0;
  return { target, fire, count };
}

describe("recoverable errors", () => {
  it("are reported at once while the player stays", () => {
    const { target } = page("loading");
    const report = vi.fn();
    recoverableErrorReporter(target, report)(new Error("#418"));
    expect(report).toHaveBeenCalledOnce();
  });

  it("are held back once the page is being left, and reported late if it stays after all", () => {
    vi.useFakeTimers();
    try {
      const { target, fire } = page("interactive");
      const report = vi.fn();
      const onError = recoverableErrorReporter(target, report);
      fire("beforeunload");
      onError(new Error("#419"));
      vi.advanceTimersByTime(LEAVING_REPORT_DELAY_MS - 1);
      expect(report).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(report).toHaveBeenCalledOnce();
      // Back from the back/forward cache: reported at once again.
      fire("pageshow");
      onError(new Error("#418"));
      expect(report).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("listen for the leaving only while the document loads (a lasting beforeunload costs the back/forward cache)", () => {
    const loading = page("loading");
    recoverableErrorReporter(loading.target, vi.fn());
    expect(loading.count("beforeunload")).toBe(1);
    loading.fire("load");
    expect(loading.count("beforeunload")).toBe(0);

    const loaded = page("complete");
    recoverableErrorReporter(loaded.target, vi.fn());
    expect(loaded.count("beforeunload")).toBe(0);
  });
});
