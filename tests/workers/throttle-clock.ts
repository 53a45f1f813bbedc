import { afterEach, beforeEach } from "vitest";
import { throttleClock } from "../../workers/platform/core/throttle";

/**
 * Freezes the throttle's clock for every test of the calling file and moves it by hand: no test
 * sleeps, and none depends on how fast the machine is. `wait(s)` moves it on and answers the new
 * time; `set(t)` puts it back at a time `wait` answered.
 */
export function frozenThrottleClock() {
  let now = 0;
  beforeEach(() => {
    now = Date.UTC(2030, 0, 1);
    throttleClock.now = () => now;
  });
  afterEach(() => {
    throttleClock.now = () => Date.now();
  });
  return {
    wait: (seconds: number) => (now += seconds * 1000),
    now: () => now,
    set: (t: number) => void (now = t),
  };
}
