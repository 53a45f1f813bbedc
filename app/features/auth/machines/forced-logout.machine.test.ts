import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { countdownText, forcedLogoutMachine } from "./forced-logout.machine";

function start(timeoutSeconds: number, idleMs?: number) {
  const logout = vi.fn();
  const actor = createActor(forcedLogoutMachine.provide({ actions: { logout } }), { input: { timeoutSeconds, idleMs } }).start();
  const snap = () => actor.getSnapshot();
  return { actor, logout, snap, warning: () => snap().hasTag("warning"), remaining: () => snap().context.remaining };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("forced-logout machine", () => {
  it("warns at 80% with the last 20% in seconds, counts down each second and logs out at 100%", () => {
    const { logout, snap, warning, remaining } = start(100);
    expect(snap().matches("running")).toBe(true);
    vi.advanceTimersByTime(79_999);
    expect(warning()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(warning()).toBe(true);
    expect(remaining()).toBe(20);
    vi.advanceTimersByTime(1000);
    expect(remaining()).toBe(19);
    vi.advanceTimersByTime(18_000);
    expect(remaining()).toBe(1);
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(logout).toHaveBeenCalledOnce();
    expect(snap().matches("loggedOut")).toBe(true);
    expect(snap().status).toBe("done");
    expect(warning()).toBe(false);
  });

  it("logs out exactly at the span when the warning is not whole seconds", () => {
    const { logout, remaining, warning } = start(7); // warning at 5.6 s, 1.4 s shown as 2, 1
    vi.advanceTimersByTime(5600);
    expect(warning()).toBe(true);
    expect(remaining()).toBe(2);
    vi.advanceTimersByTime(400);
    expect(remaining()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(logout).toHaveBeenCalledOnce();
  });

  it("activity while running starts the timers over", () => {
    const { actor, logout, warning } = start(10);
    vi.advanceTimersByTime(7000);
    actor.send({ type: "activity.detected" });
    vi.advanceTimersByTime(7000);
    expect(warning()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(warning()).toBe(true);
    expect(logout).not.toHaveBeenCalled();
  });

  it("activity during the warning closes it and starts over", () => {
    const { actor, logout, warning, remaining } = start(10);
    vi.advanceTimersByTime(9000);
    expect(warning()).toBe(true);
    actor.send({ type: "activity.detected" });
    expect(warning()).toBe(false);
    vi.advanceTimersByTime(5000); // past the old 100%
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3000);
    expect(warning()).toBe(true);
    expect(remaining()).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(logout).toHaveBeenCalledOnce();
  });

  it("a manual sign-out stops everything", () => {
    const { actor, logout, snap } = start(10);
    vi.advanceTimersByTime(9000);
    actor.send({ type: "session.ended" });
    expect(snap().hasTag("warning")).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(logout).not.toHaveBeenCalled();
    expect(snap().matches("off")).toBe(true);
  });

  it.each([0, -5, Number.NaN])("a span of %s never runs", (seconds) => {
    const { logout, snap } = start(seconds);
    expect(snap().matches("off")).toBe(true);
    vi.advanceTimersByTime(1_000_000);
    expect(logout).not.toHaveBeenCalled();
  });

  it("started for a player idle for a while already, warns and logs out when it would have", () => {
    const { logout, warning, remaining } = start(100, 50_000);
    vi.advanceTimersByTime(29_999);
    expect(warning()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(warning()).toBe(true);
    expect(remaining()).toBe(20);
    vi.advanceTimersByTime(19_999);
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(logout).toHaveBeenCalledOnce();
  });

  it("started past the warning's start (the page loaded it late), counts down only what is left", () => {
    const { logout, warning, remaining } = start(100, 81_500);
    vi.advanceTimersByTime(0); // a delay of zero is still a timer
    expect(warning()).toBe(true);
    expect(remaining()).toBe(19);
    vi.advanceTimersByTime(18_499);
    expect(logout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(logout).toHaveBeenCalledOnce();
  });

  it("after activity, a late start counts for nothing: the whole span again", () => {
    const { actor, logout, warning } = start(100, 81_000);
    vi.advanceTimersByTime(0);
    expect(warning()).toBe(true);
    actor.send({ type: "activity.detected" });
    expect(warning()).toBe(false);
    vi.advanceTimersByTime(79_999);
    expect(warning()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(warning()).toBe(true);
    vi.advanceTimersByTime(20_000);
    expect(logout).toHaveBeenCalledOnce();
  });

  it("shows the countdown as minutes and seconds", () => {
    expect(countdownText(359)).toBe("5:59");
    expect(countdownText(9)).toBe("0:09");
    expect(countdownText(-1)).toBe("0:00");
  });
});
