import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_BUDGET_MS, settleBy, STREAM_TIMEOUT_MS, streamDeadline } from "./deferred.server";

describe("settleBy", () => {
  afterEach(() => vi.useRealTimers());

  it("leaves React a second after its data's deadline, before the router's timeout", () => {
    expect(DEFERRED_BUDGET_MS).toBeLessThanOrEqual(STREAM_TIMEOUT_MS - 1000);
  });

  it("answers the data when it comes in time", async () => {
    vi.useFakeTimers();
    const data = new Promise<string[]>((r) => setTimeout(() => r(["a"]), 3_999));
    const settled = settleBy(data, []);
    await vi.advanceTimersByTimeAsync(3_999);
    await expect(settled).resolves.toEqual(["a"]);
  });

  it("answers the empty value once the budget is spent, whatever comes later", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const data = new Promise<string[]>((r) => setTimeout(() => r(["late"]), 10_000));
    const settled = settleBy(data, []);
    let value: string[] | undefined;
    void settled.then((v) => (value = v));
    await vi.advanceTimersByTimeAsync(DEFERRED_BUDGET_MS - 1);
    expect(value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(value).toEqual([]);
  });

  it("passes a rejection on (the caller decides what a failure shows)", async () => {
    await expect(settleBy(Promise.reject(new Error("down")), [])).rejects.toThrow("down");
  });
});

describe("streamDeadline", () => {
  afterEach(() => vi.useRealTimers());

  it("ends the stream at its time while some deferred data is still pending, however deep", async () => {
    vi.useFakeTimers();
    const { signal } = streamDeadline({ root: { user: null }, home: { rows: [{ banners: new Promise(() => {}) }] } }, 100, 1_000);
    await vi.advanceTimersByTimeAsync(99);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
  });

  it("gives React its grace when every deferred datum has settled, then ends the stream anyway", async () => {
    vi.useFakeTimers();
    const data = new Promise<string[]>((r) => setTimeout(() => r(["a"]), 50));
    const failed = Promise.reject(new Error("down"));
    failed.catch(() => {});
    const { signal } = streamDeadline({ home: { banners: data, wins: failed, meta: [{ title: "t" }] } }, 100, 1_000);
    await vi.advanceTimersByTimeAsync(100);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
  });

  it("page data without promises is settled from the start", async () => {
    vi.useFakeTimers();
    const { signal } = streamDeadline({ page: { rows: [1, 2, 3], at: new Date(0) } }, 100, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(signal.aborted).toBe(true);
  });

  it("keeps no deadline once the document ended, in its first wait or in React's grace", async () => {
    vi.useFakeTimers();
    const first = streamDeadline({ home: { banners: new Promise(() => {}) } }, 100, 1_000);
    first.stop();
    const second = streamDeadline({ home: {} }, 100, 1_000);
    await vi.advanceTimersByTimeAsync(100);
    second.stop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect([first.signal.aborted, second.signal.aborted]).toEqual([false, false]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
