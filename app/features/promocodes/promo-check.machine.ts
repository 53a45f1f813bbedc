import { assign, fromPromise, setup } from "xstate";
import type { PromoCodeInfo } from "../../../core/api/contract-promocodes";

/**
 * The promo-code check as the player types (SPEC §4, §9): 800 ms after the last change the code is
 * checked (campaigns.checkPromocode); empty input clears everything; a positive answer marks the
 * field valid, a refusal keeps its reason codes (SPEC §8 turns them into a message). An answer for
 * a text that has changed since is stale and never lands: a new input leaves `checking`, which
 * stops the call's actor, so its result is dropped. `promo.recheck` checks the same text again,
 * debounced too, when something else the answer depends on changed (the deposit's amount).
 */

export const PROMO_CHECK_DEBOUNCE_MS = 800;

export interface PromoCheckContext {
  /** The trimmed code being checked or last checked. */
  value: string;
  info: PromoCodeInfo | null;
  /** The platform's reason codes of a refusal (invalid_parameters.promo_code); [] when it gave none. */
  errors: string[] | null;
  /**
   * Seconds to wait when the check was throttled (429 with retry_after, decision 0061): the code
   * was not looked at, so it is neither valid nor invalid yet.
   */
  retryAfter: number | null;
}

export type PromoCheckEvent = { type: "promo.input"; value: string } | { type: "promo.recheck" };

/** The reason codes of a refused check, whatever shape the error takes. */
function reasonCodes(error: unknown): string[] {
  const fields = (error as { fields?: Record<string, unknown> } | null)?.fields;
  const codes = fields?.promo_code;
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === "string") : [];
}

/** The wait a throttled check names (429 TooManyRequests' retry_after), else null. */
function retryAfterOf(error: unknown): number | null {
  const e = error as { type?: unknown; params?: Record<string, unknown> } | null;
  if (e?.type !== "TooManyRequestsException") return null;
  const seconds = Number(e.params?.retry_after);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

export const promoCheckMachine = setup({
  types: { context: {} as PromoCheckContext, events: {} as PromoCheckEvent },
  actors: {
    check: fromPromise<PromoCodeInfo, { code: string }>(() => Promise.reject(new Error("check not provided"))),
  },
  delays: { debounce: PROMO_CHECK_DEBOUNCE_MS },
  guards: {
    empty: (_, params: { value: string }) => params.value.trim() === "",
    unchanged: ({ context }, params: { value: string }) => params.value.trim() === context.value,
  },
}).createMachine({
  id: "promoCheck",
  context: { value: "", info: null, errors: null, retryAfter: null },
  initial: "idle",
  on: {
    "promo.input": [
      {
        guard: { type: "empty", params: ({ event }) => ({ value: event.value }) },
        target: ".idle",
        actions: assign({ value: "", info: null, errors: null, retryAfter: null }),
      },
      // Same text again (a focus change, a re-fill): the answer on its way or given still holds.
      { guard: { type: "unchanged", params: ({ event }) => ({ value: event.value }) } },
      { target: ".debouncing", reenter: true, actions: assign({ value: ({ event }) => event.value.trim(), info: null, errors: null, retryAfter: null }) },
    ],
    "promo.recheck": {
      guard: ({ context }) => context.value !== "",
      target: ".debouncing",
      reenter: true,
      actions: assign({ info: null, errors: null, retryAfter: null }),
    },
  },
  states: {
    idle: {},
    debouncing: { after: { debounce: "checking" } },
    checking: {
      tags: ["busy"],
      invoke: {
        src: "check",
        input: ({ context }) => ({ code: context.value }),
        onDone: { target: "valid", actions: assign({ info: ({ event }) => event.output }) },
        onError: {
          target: "invalid",
          actions: assign({ errors: ({ event }) => reasonCodes(event.error), retryAfter: ({ event }) => retryAfterOf(event.error) }),
        },
      },
    },
    valid: {},
    invalid: {},
  },
});
