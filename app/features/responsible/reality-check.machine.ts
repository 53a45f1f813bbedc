import { assign, setup } from "xstate";

export type RealityCheckEvent =
  /** The player read the reminder and plays on: the next one comes an interval from now. */
  | { type: "check.continue" }
  /** The player went to set a limit: the reminder closes, the next comes an interval from now. */
  | { type: "check.setLimit" }
  /** The player chose to stop: sign out. */
  | { type: "check.signOut" }
  /** The player chose another interval (or 0 to turn the reminder off). */
  | { type: "interval.changed"; minutes: number }
  /** Signed out some other way: nothing more happens. */
  | { type: "session.ended" };

export interface RealityCheckContext {
  intervalMs: number;
  /** When the session signed in (Unix ms): reminders fall on whole intervals of session time. */
  startedAt: number;
  /** When the next reminder opens (Unix ms). */
  nextAt: number;
}

const MINUTE = 60_000;

/**
 * The first reminder after `now`: at the next whole interval of session time, so a page opened
 * 50 minutes into a session with a 30-minute interval reminds at 60 minutes.
 */
export function firstCheckAt(startedAt: number, intervalMs: number, now: number): number {
  const elapsed = Math.max(0, now - startedAt);
  return startedAt + (Math.floor(elapsed / intervalMs) + 1) * intervalMs;
}

/**
 * The reality check's timing: every `minutes` of session time the reminder opens (tag `open`,
 * named action `openReminder`) and waits for the player: Continue or Set a limit close it and the
 * next one comes an interval later; Sign out runs the named action `signOut`. An interval of 0
 * turns it off until another is chosen. Time is Date.now() and timers, so tests use fake timers.
 */
export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
    input: {} as { minutes: number; startedAt: number },
  },
  actions: {
    openReminder: () => {},
    goToLimits: () => {},
    signOut: () => {},
    scheduleFromSessionStart: assign(({ context }) => ({ nextAt: firstCheckAt(context.startedAt, context.intervalMs, Date.now()) })),
    scheduleFromNow: assign(({ context }) => ({ nextAt: Date.now() + context.intervalMs })),
    setInterval: assign(({ event }) => ({
      intervalMs: event.type === "interval.changed" ? Math.max(0, Math.round(event.minutes)) * MINUTE : 0,
    })),
  },
  guards: {
    enabled: ({ context }) => context.intervalMs > 0,
  },
  delays: {
    untilNext: ({ context }) => Math.max(0, context.nextAt - Date.now()),
  },
}).createMachine({
  id: "realityCheck",
  context: ({ input }) => ({
    intervalMs: Number.isFinite(input.minutes) ? Math.max(0, Math.round(input.minutes)) * MINUTE : 0,
    startedAt: input.startedAt,
    nextAt: 0,
  }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "enabled", target: "waiting", actions: "scheduleFromSessionStart" }, { target: "off" }],
    },
    waiting: {
      after: { untilNext: "open" },
    },
    open: {
      tags: ["open"],
      entry: "openReminder",
      on: {
        "check.continue": { target: "waiting", actions: "scheduleFromNow" },
        "check.setLimit": { target: "waiting", actions: ["scheduleFromNow", "goToLimits"] },
        "check.signOut": { target: "ended", actions: "signOut" },
      },
    },
    off: {},
    ended: { type: "final" },
  },
  on: {
    "interval.changed": { target: ".checking", actions: "setInterval" },
    "session.ended": ".ended",
  },
});
