import { describe, expect, it } from "vitest";
import { settleWithin } from "./settle-within";

const resolveAfter = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe("settleWithin", () => {
  it("answers the value of a promise that settles in time", async () => {
    expect(await settleWithin(resolveAfter(1, [1, 2]), 50)).toEqual({ value: [1, 2] });
    expect(await settleWithin(Promise.resolve("now"), 0)).toEqual({ value: "now" });
  });

  it("answers the promise itself when it is late, still to be awaited", async () => {
    const slow = resolveAfter(60, "slow");
    const r = await settleWithin(slow, 5);
    expect("pending" in r && r.pending).toBe(slow);
    if ("pending" in r) expect(await r.pending).toBe("slow");
  });

  it("leaves a quick rejection to the promise, for its own catch", async () => {
    const failing = Promise.reject(new Error("down"));
    failing.catch(() => undefined);
    const r = await settleWithin(failing, 20);
    expect("pending" in r).toBe(true);
  });
});
