import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { PromoCodeInfo } from "../../../core/api/contract-promocodes";
import { PlatformError } from "../../../core/api/errors";
import { promoCheckMachine } from "./promo-check.machine";
import { promoCodeMessage } from "./promo-code-messages";

const info = (code: string): PromoCodeInfo => ({ code, grants: "bonus", title: `Promo ${code}`, requires_deposit: false });

/** A check whose answers the test releases by hand, in any order. */
function start() {
  const calls: { code: string; resolve: (v: PromoCodeInfo) => void; reject: (e: unknown) => void }[] = [];
  const actor = createActor(
    promoCheckMachine.provide({
      actors: {
        check: fromPromise<PromoCodeInfo, { code: string }>(({ input }) => new Promise((resolve, reject) => calls.push({ code: input.code, resolve, reject }))),
      },
    }),
  ).start();
  const type = (value: string) => actor.send({ type: "promo.input", value });
  return { actor, calls, type, state: () => actor.getSnapshot() };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("promo-code check machine", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("checks once, 800 ms after the last keystroke, with the trimmed text", async () => {
    const { calls, type, state } = start();
    type("W");
    await vi.advanceTimersByTimeAsync(500);
    type("WELCOME50 ");
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(0);
    expect(state().value).toBe("debouncing");
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.code)).toEqual(["WELCOME50"]);
    expect(state().hasTag("busy")).toBe(true);
    calls[0]!.resolve(info("WELCOME50"));
    await flush();
    expect(state().value).toBe("valid");
    expect(state().context.info?.title).toBe("Promo WELCOME50");
  });

  it("a refusal keeps the platform's reason codes", async () => {
    const { calls, type, state } = start();
    type("OLD");
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.reject(new PlatformError("InvalidParameter", "refused", { fields: { promo_code: ["EXPIRED"] } }));
    await flush();
    expect(state().value).toBe("invalid");
    expect(state().context.errors).toEqual(["EXPIRED"]);
  });

  it("a throttled check (429) keeps the wait and reads it in words, not as “not valid”: the code was not looked at", async () => {
    const { calls, type, state } = start();
    type("WELCOME50");
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.reject(new PlatformError("TooManyRequests", "Too many wrong promo codes. Try again in 420 seconds.", { params: { retry_after: 420 } }));
    await flush();
    expect(state().context.retryAfter).toBe(420);
    const t = (key: string, vars?: Record<string, string | number>) => `${key}${vars ? JSON.stringify(vars) : ""}`;
    expect(promoCodeMessage(state().context.errors, t, state().context.retryAfter)).toBe('auth.errors.tooMany{"seconds":420}');
    type("WELCOME5");
    expect(state().context.retryAfter).toBeNull();
  });

  it("ignores a stale answer: the text changed while the first check was on its way", async () => {
    const { calls, type, state } = start();
    type("FIRST");
    await vi.advanceTimersByTimeAsync(800);
    type("SECOND");
    calls[0]!.resolve(info("FIRST"));
    await flush();
    expect(state().value).toBe("debouncing");
    expect(state().context.info).toBeNull();
    await vi.advanceTimersByTimeAsync(800);
    calls[1]!.reject(new PlatformError("InvalidParameter", "refused", { fields: { promo_code: ["USED"] } }));
    await flush();
    expect(state().value).toBe("invalid");
    expect(state().context).toMatchObject({ value: "SECOND", info: null, errors: ["USED"] });
  });

  it("empty input clears the state and cancels a pending check; the same text again checks nothing new", async () => {
    const { calls, type, state } = start();
    type("SPINS20");
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.resolve(info("SPINS20"));
    await flush();
    type(" SPINS20");
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    expect(state().value).toBe("valid");
    type("X");
    type("   ");
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    expect(state().value).toBe("idle");
    expect(state().context).toEqual({ value: "", info: null, errors: null, retryAfter: null });
  });

  it("a recheck checks the same text again after the debounce (the deposit amount changed); with no text it checks nothing", async () => {
    const { actor, calls, type, state } = start();
    actor.send({ type: "promo.recheck" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    type("RELOAD25");
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.reject(new PlatformError("InvalidParameter", "too small", { fields: { promo_code: ["DEPOSIT_TOO_SMALL"] } }));
    await flush();
    expect(state().value).toBe("invalid");
    actor.send({ type: "promo.recheck" });
    expect(state().value).toBe("debouncing");
    expect(state().context.errors).toBeNull();
    await vi.advanceTimersByTimeAsync(800);
    expect(calls.map((c) => c.code)).toEqual(["RELOAD25", "RELOAD25"]);
    calls[1]!.resolve(info("RELOAD25"));
    await flush();
    expect(state().value).toBe("valid");
  });
});
