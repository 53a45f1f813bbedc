import { assign, fromPromise, setup } from "xstate";
import type { WheelSpin } from "../../../core/api/contract-wheel";
import { canSpin, type SpinCampaign } from "./spin-rules";

export { canSpin, type SpinCampaign };

/**
 * The spin of the wheel in the browser (SPEC §4 wheel spin button, §8 wheel generic failure):
 * idle → spinning (the request: the server draws) → revealing (the wheel turns to the drawn
 * sector) → done (the result, or the received-bonus popup) | failed (the error confirm). The
 * button may spin only in `idle` and only when `canSpin` allows it: not with no campaign, not
 * with zero spins when spins are free (nor when they cost: the page offers Buy instead), not
 * while the page is loading when spins cost. The request and the reduced-motion check are provided
 * by the page (`machine.provide`), so tests drive it without a network or a screen.
 */

export interface SpinResult {
  spin: WheelSpin;
  spinBalance: number;
}

export interface SpinContext {
  campaign: SpinCampaign | null;
  /** The page is (re)loading its data: a cost campaign's balance may be stale. */
  loading: boolean;
  /** The idempotency key the page's loader made: a double submit spins once. */
  key: string;
  result: SpinResult | null;
  /** The refusal's code (WHEEL_ERRORS) or "failed". */
  error: string | null;
}

export type SpinEvent =
  | { type: "wheel.spin" }
  | { type: "wheel.loaded"; campaign: SpinCampaign | null; loading: boolean; key: string }
  | { type: "wheel.revealed" }
  | { type: "wheel.close" };

export interface SpinInput {
  campaign: SpinCampaign | null;
  key: string;
}

/** How long the reveal may take at most if the animation's end is never reported (a hidden tab). */
export const REVEAL_MAX_MS = 8000;

export const spinMachine = setup({
  types: { context: {} as SpinContext, events: {} as SpinEvent, input: {} as SpinInput },
  delays: { revealMax: REVEAL_MAX_MS },
  actors: {
    requestSpin: fromPromise<SpinResult, { campaignId: number; key: string }>(async () => {
      throw new Error("requestSpin is provided by the page");
    }),
  },
  guards: {
    spinAllowed: ({ context }) => canSpin(context.campaign, context.loading),
    reducedMotion: () => false,
  },
  actions: {
    takeLoaded: assign(({ event }) => (event.type === "wheel.loaded" ? { campaign: event.campaign, loading: event.loading, key: event.key } : {})),
    keepResult: assign(({ context }, result: SpinResult) => ({
      result,
      error: null,
      campaign: context.campaign && { ...context.campaign, spinBalance: result.spinBalance },
    })),
    keepError: assign((_, error: unknown) => ({ error: errorCode(error), result: null })),
    clear: assign({ result: null, error: null }),
  },
}).createMachine({
  id: "wheelSpin",
  context: ({ input }) => ({ campaign: input.campaign, loading: false, key: input.key, result: null, error: null }),
  initial: "idle",
  on: { "wheel.loaded": { actions: "takeLoaded" } },
  states: {
    idle: {
      on: { "wheel.spin": { guard: "spinAllowed", target: "spinning", actions: "clear" } },
    },
    spinning: {
      tags: ["busy"],
      invoke: {
        src: "requestSpin",
        input: ({ context }) => ({ campaignId: context.campaign!.id, key: context.key }),
        onDone: { target: "revealing", actions: { type: "keepResult", params: ({ event }) => event.output } },
        onError: { target: "failed", actions: { type: "keepError", params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    revealing: {
      tags: ["busy"],
      always: { guard: "reducedMotion", target: "done" },
      on: { "wheel.revealed": "done" },
      after: { revealMax: "done" },
    },
    done: {
      on: { "wheel.close": { target: "idle", actions: "clear" }, "wheel.spin": { guard: "spinAllowed", target: "spinning", actions: "clear" } },
    },
    failed: {
      on: { "wheel.close": { target: "idle", actions: "clear" } },
    },
  },
});

/** A refusal's `params.code` (the /api's 4xx answer), else "failed". */
function errorCode(error: unknown): string {
  const code = (error as { params?: { code?: unknown } } | null)?.params?.code;
  return typeof code === "string" && /^[a-z_]{1,40}$/.test(code) ? code : "failed";
}
