import { assign, setup } from "xstate";
import { warnAtMs, warningMs } from "./forced-logout-timing";

export { WARNING_AT } from "./forced-logout-timing";

export type ForcedLogoutEvent =
  /** A key press, click, scroll or route change: the timers start over and the warning closes. */
  | { type: "activity.detected" }
  /** The player signed out (or left the signed-in frame): nothing more happens. */
  | { type: "session.ended" };

export interface ForcedLogoutContext {
  /** The whole span, ms (time_to_force_logout). */
  timeoutMs: number;
  /** Seconds left while the warning shows. */
  remaining: number;
  /** Ms to the next countdown step (the first step absorbs any fraction of a second). */
  nextTickMs: number;
  /** How long the player had been idle when the actor started (0 after any activity). */
  idleMs: number;
}

/** What is left of the warning's span for a player already idle `idleMs`. */
const warningLeftMs = (c: ForcedLogoutContext) => Math.max(0, warningMs(c.timeoutMs) - Math.max(0, c.idleMs - warnAtMs(c.timeoutMs)));

/** "5:59" for a countdown of 359 seconds, "0:09" for 9. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Forced logout (SPEC §4): once signed in, a timer runs for time_to_force_logout seconds. At 80%
 * the inactivity warning opens and counts down the last 20% in seconds; at 100% the provided
 * `logout` action signs the player out. Activity restarts the timers and closes the warning; a
 * manual sign-out stops everything; a span of zero or less never starts. `idleMs` (input, default
 * 0): the player has been idle that long already when the actor starts (the page loads the machine
 * only when the warning is due), so the warning and the logout fall where they would have.
 */
export const forcedLogoutMachine = setup({
  types: {
    context: {} as ForcedLogoutContext,
    events: {} as ForcedLogoutEvent,
    input: {} as { timeoutSeconds: number; idleMs?: number },
  },
  actions: {
    logout: () => {},
    startCountdown: assign(({ context }) => {
      const ms = warningLeftMs(context);
      const remaining = Math.ceil(ms / 1000);
      return { remaining, nextTickMs: ms - (remaining - 1) * 1000 };
    }),
    tick: assign(({ context }) => ({ remaining: Math.max(0, context.remaining - 1), nextTickMs: 1000 })),
    active: assign({ idleMs: 0 }),
  },
  guards: {
    enabled: ({ context }) => context.timeoutMs > 0,
  },
  delays: {
    warnAt: ({ context }) => Math.max(0, warnAtMs(context.timeoutMs) - context.idleMs),
    warningSpan: ({ context }) => warningLeftMs(context),
    nextTick: ({ context }) => context.nextTickMs,
  },
}).createMachine({
  id: "forcedLogout",
  context: ({ input }) => {
    const seconds = Number.isFinite(input.timeoutSeconds) ? input.timeoutSeconds : 0;
    const idleMs = Number.isFinite(input.idleMs) ? Math.max(0, input.idleMs ?? 0) : 0;
    return { timeoutMs: Math.max(0, Math.round(seconds * 1000)), remaining: 0, nextTickMs: 1000, idleMs };
  },
  initial: "checking",
  states: {
    checking: { always: [{ guard: "enabled", target: "running" }, { target: "off" }] },
    running: {
      after: { warnAt: "warning" },
      on: { "activity.detected": { target: "running", reenter: true, actions: "active" } },
    },
    warning: {
      tags: ["warning"],
      entry: "startCountdown",
      after: { warningSpan: "loggedOut" },
      on: { "activity.detected": { target: "running", actions: "active" } },
      initial: "counting",
      states: {
        counting: {
          after: { nextTick: { target: "counting", reenter: true, actions: "tick" } },
        },
      },
    },
    loggedOut: { type: "final", entry: "logout" },
    off: { type: "final" },
  },
  on: { "session.ended": ".off" },
});
