import { createActor, fromPromise } from "xstate";
import { browserCall } from "../../lib/api/browser-call";
import { spinMachine, type SpinResult } from "./spin.machine";
import type { SpinCampaign } from "./spin-rules";

/**
 * The spin machine as the page runs it, loaded on the first interaction with the spin button
 * (off first load, decision 0027): the request is FortuneWheels.spinWheel with the loader's
 * idempotency key (the same key the form without JavaScript posts), and reduced motion skips the
 * reveal.
 */
export function startSpinActor(opts: { campaign: SpinCampaign; key: string; locale: string }) {
  const machine = spinMachine.provide({
    actors: {
      requestSpin: fromPromise<SpinResult, { campaignId: number; key: string }>(async ({ input }) => {
        const r = await browserCall("FortuneWheels.spinWheel", "POST", { campaign_id: input.campaignId, key: input.key }, { locale: opts.locale });
        return { spin: r.spin, spinBalance: r.spin_balance };
      }),
    },
    guards: { reducedMotion: () => window.matchMedia("(prefers-reduced-motion: reduce)").matches },
  });
  return createActor(machine, { input: { campaign: opts.campaign, key: opts.key } }).start();
}

export type SpinActor = ReturnType<typeof startSpinActor>;
