import { setup } from "xstate";

/** SPEC §3 balance-refresh settings (CMS config `balanceRefresh`). */
export interface BalanceRefreshSettings {
  isEnabledInterval: boolean;
  countSecondsForInterval: number;
  isEnabledRequestsAfterClick: boolean;
  countSecondsForDelayBetweenClick: number;
  isEnabledTurnOffRequests: boolean;
  countMinutesAfterWhichRequestsTurnedOff: number;
}

/** SPEC §9 defaults: interval 10 s and after-click 1 s, both off; turned off after 5 idle minutes. */
export const DEFAULT_BALANCE_REFRESH: BalanceRefreshSettings = {
  isEnabledInterval: false,
  countSecondsForInterval: 10,
  isEnabledRequestsAfterClick: false,
  countSecondsForDelayBetweenClick: 1,
  isEnabledTurnOffRequests: true,
  countMinutesAfterWhichRequestsTurnedOff: 5,
};

export type BalancePollingEvent = { type: "player.clicked" };

/**
 * Balance polling for a signed-in player (SPEC §3, §4, §9). While awake, three things run side by
 * side: the interval refresh (every countSecondsForInterval, when enabled), the after-click
 * refresh (countSecondsForDelayBetweenClick after the last of a burst of clicks — debounced — when
 * enabled) and the idle watch (when turn-off is enabled: countMinutesAfterWhichRequestsTurnedOff
 * without a click puts polling to sleep). Asleep, nothing is asked; the next click wakes it with
 * a refresh at once, since the shown balance may be minutes old. `refresh` is provided by the
 * caller (account.getBalance into the header's balance store).
 */
export const balancePollingMachine = setup({
  types: {
    context: {} as BalanceRefreshSettings,
    events: {} as BalancePollingEvent,
    input: {} as Partial<BalanceRefreshSettings>,
  },
  actions: {
    refresh: () => {},
  },
  guards: {
    polls: ({ context }) => context.isEnabledInterval || context.isEnabledRequestsAfterClick,
    intervalEnabled: ({ context }) => context.isEnabledInterval,
    afterClickEnabled: ({ context }) => context.isEnabledRequestsAfterClick,
    turnsOff: ({ context }) => context.isEnabledTurnOffRequests,
  },
  delays: {
    interval: ({ context }) => context.countSecondsForInterval * 1000,
    clickDelay: ({ context }) => context.countSecondsForDelayBetweenClick * 1000,
    idleLimit: ({ context }) => context.countMinutesAfterWhichRequestsTurnedOff * 60_000,
  },
}).createMachine({
  id: "balancePolling",
  context: ({ input }) => sanitize({ ...DEFAULT_BALANCE_REFRESH, ...input }),
  initial: "checking",
  states: {
    checking: { always: [{ guard: "polls", target: "awake" }, { target: "off" }] },
    awake: {
      type: "parallel",
      states: {
        interval: {
          initial: "ticking",
          states: {
            ticking: {
              after: { interval: { guard: "intervalEnabled", target: "ticking", reenter: true, actions: "refresh" } },
            },
          },
        },
        afterClick: {
          initial: "quiet",
          states: {
            quiet: { on: { "player.clicked": { guard: "afterClickEnabled", target: "pending" } } },
            pending: {
              after: { clickDelay: { target: "quiet", actions: "refresh" } },
              on: { "player.clicked": { target: "pending", reenter: true } },
            },
          },
        },
        idleWatch: {
          initial: "watching",
          states: {
            watching: {
              after: { idleLimit: { guard: "turnsOff", target: "#balancePolling.asleep" } },
              on: { "player.clicked": { target: "watching", reenter: true } },
            },
          },
        },
      },
    },
    asleep: {
      tags: ["asleep"],
      on: { "player.clicked": { target: "awake", actions: "refresh" } },
    },
    off: { type: "final" },
  },
});

/** Settings from the CMS, made safe to schedule: whole positive numbers, the defaults otherwise. */
function sanitize(s: BalanceRefreshSettings): BalanceRefreshSettings {
  const positive = (v: number, fallback: number, min: number) => (Number.isFinite(v) && v >= min ? v : fallback);
  return {
    ...s,
    countSecondsForInterval: positive(s.countSecondsForInterval, DEFAULT_BALANCE_REFRESH.countSecondsForInterval, 1),
    countSecondsForDelayBetweenClick: positive(s.countSecondsForDelayBetweenClick, DEFAULT_BALANCE_REFRESH.countSecondsForDelayBetweenClick, 0),
    countMinutesAfterWhichRequestsTurnedOff: positive(
      s.countMinutesAfterWhichRequestsTurnedOff,
      DEFAULT_BALANCE_REFRESH.countMinutesAfterWhichRequestsTurnedOff,
      1 / 60,
    ),
  };
}
