import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { balancePollingMachine, type BalanceRefreshSettings } from "./balance-polling.machine";

function start(input: Partial<BalanceRefreshSettings>) {
  const refresh = vi.fn();
  const actor = createActor(balancePollingMachine.provide({ actions: { refresh } }), { input }).start();
  const click = () => actor.send({ type: "player.clicked" });
  return { actor, refresh, click, asleep: () => actor.getSnapshot().hasTag("asleep") };
}

const MINUTE = 60_000;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("balance polling machine", () => {
  it("does nothing with the SPEC §9 defaults (interval and after-click off)", () => {
    const { actor, refresh } = start({});
    expect(actor.getSnapshot().status).toBe("done");
    vi.advanceTimersByTime(30 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes every countSecondsForInterval while enabled", () => {
    const { refresh } = start({ isEnabledInterval: true, countSecondsForInterval: 10, isEnabledTurnOffRequests: false });
    vi.advanceTimersByTime(9_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    // Without turn-off it never stops.
    vi.advanceTimersByTime(60 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(3 + 360);
  });

  it("clicks do not hold the interval back", () => {
    const { refresh, click } = start({ isEnabledInterval: true, countSecondsForInterval: 10 });
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(3_000);
      click();
    }
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it("refreshes countSecondsForDelayBetweenClick after the last click of a burst", () => {
    const { refresh, click } = start({ isEnabledRequestsAfterClick: true, countSecondsForDelayBetweenClick: 1 });
    click();
    vi.advanceTimersByTime(600);
    click();
    vi.advanceTimersByTime(600);
    click();
    vi.advanceTimersByTime(999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    click();
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("stops after the configured minutes without clicks and restarts on the next click", () => {
    const { refresh, click, asleep } = start({ isEnabledInterval: true, countSecondsForInterval: 10, countMinutesAfterWhichRequestsTurnedOff: 5 });
    vi.advanceTimersByTime(5 * MINUTE - 1);
    expect(asleep()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(29);
    vi.advanceTimersByTime(1);
    expect(asleep()).toBe(true);
    const before = refresh.mock.calls.length;
    vi.advanceTimersByTime(30 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(before);
    click();
    expect(asleep()).toBe(false);
    expect(refresh).toHaveBeenCalledTimes(before + 1);
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(before + 2);
  });

  it("each click moves the turn-off point", () => {
    const { click, asleep } = start({ isEnabledRequestsAfterClick: true, countMinutesAfterWhichRequestsTurnedOff: 5 });
    vi.advanceTimersByTime(4 * MINUTE);
    click();
    vi.advanceTimersByTime(4 * MINUTE);
    expect(asleep()).toBe(false);
    vi.advanceTimersByTime(MINUTE);
    expect(asleep()).toBe(true);
  });

  it("falls back to the defaults for unusable numbers", () => {
    const { actor } = start({ isEnabledInterval: true, countSecondsForInterval: 0, countMinutesAfterWhichRequestsTurnedOff: Number.NaN });
    expect(actor.getSnapshot().context).toMatchObject({ countSecondsForInterval: 10, countMinutesAfterWhichRequestsTurnedOff: 5 });
  });
});
