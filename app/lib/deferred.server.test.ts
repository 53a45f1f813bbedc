import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_BUDGET_MS, settleBy, STREAM_TIMEOUT_MS } from "./deferred.server";

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
