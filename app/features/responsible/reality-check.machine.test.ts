import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { firstCheckAt, realityCheckMachine } from "./reality-check.machine";

const MINUTE = 60_000;
const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);

function start(minutes: number, startedAt = Date.now()) {
  const actions = { openReminder: vi.fn(), goToLimits: vi.fn(), signOut: vi.fn() };
  const actor = createActor(realityCheckMachine.provide({ actions }), { input: { minutes, startedAt } }).start();
  return { actor, ...actions, open: () => actor.getSnapshot().hasTag("open") };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("reality-check machine", () => {
  it("opens after each interval of session time; Continue schedules the next an interval later", () => {
    const { actor, open, openReminder } = start(15);
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(open()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(open()).toBe(true);
    expect(openReminder).toHaveBeenCalledOnce();
    // The player reads for two minutes, then continues: the next comes 15 minutes after that.
    vi.advanceTimersByTime(2 * MINUTE);
    actor.send({ type: "check.continue" });
    expect(open()).toBe(false);
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(open()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(open()).toBe(true);
    expect(openReminder).toHaveBeenCalledTimes(2);
  });

  it("counts from the session's start, not from the page load", () => {
    const { open } = start(30, T0 - 50 * MINUTE);
    vi.advanceTimersByTime(10 * MINUTE - 1);
    expect(open()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(open()).toBe(true);
  });

  it("Set a limit closes it and goes to the limits; Sign out signs out and ends", () => {
    const a = start(15);
    vi.advanceTimersByTime(15 * MINUTE);
    a.actor.send({ type: "check.setLimit" });
    expect(a.goToLimits).toHaveBeenCalledOnce();
    expect(a.open()).toBe(false);
    vi.advanceTimersByTime(15 * MINUTE);
    expect(a.open()).toBe(true);
    a.actor.send({ type: "check.signOut" });
    expect(a.signOut).toHaveBeenCalledOnce();
    expect(a.actor.getSnapshot().status).toBe("done");
  });

  it("stays off at 0 and follows a new interval", () => {
    const { actor, open, openReminder } = start(0);
    vi.advanceTimersByTime(24 * 60 * MINUTE);
    expect(openReminder).not.toHaveBeenCalled();
    actor.send({ type: "interval.changed", minutes: 45 });
    vi.advanceTimersByTime(45 * MINUTE);
    expect(open()).toBe(true);
    actor.send({ type: "interval.changed", minutes: 0 });
    expect(open()).toBe(false);
    vi.advanceTimersByTime(24 * 60 * MINUTE);
    expect(openReminder).toHaveBeenCalledOnce();
  });

  it("does nothing after the session ends", () => {
    const { actor, openReminder } = start(15);
    actor.send({ type: "session.ended" });
    vi.advanceTimersByTime(60 * MINUTE);
    expect(openReminder).not.toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("ignores a nonsense interval", () => {
    const { openReminder } = start(Number.NaN);
    vi.advanceTimersByTime(24 * 60 * MINUTE);
    expect(openReminder).not.toHaveBeenCalled();
  });
});

describe("firstCheckAt", () => {
  it("is the next whole interval after now", () => {
    expect(firstCheckAt(0, 10, 0)).toBe(10);
    expect(firstCheckAt(0, 10, 9)).toBe(10);
    expect(firstCheckAt(0, 10, 10)).toBe(20);
    expect(firstCheckAt(100, 10, 50)).toBe(110);
  });
});
