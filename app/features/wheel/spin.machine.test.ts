import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { WheelSpin } from "../../../core/api/contract-wheel";
import { REVEAL_MAX_MS, canSpin, spinMachine, type SpinCampaign, type SpinResult } from "./spin.machine";

const free: SpinCampaign = { id: 1, isSpinCost: false, spinBalance: 1 };
const cost: SpinCampaign = { id: 2, isSpinCost: true, spinBalance: 2 };

const spin = (index: number): WheelSpin => ({
  id: "s1",
  campaign_id: 1,
  created_at: 0,
  sector_id: 10 + index,
  sector_index: index,
  reward: { type: "points", sysname: null, amount: null, units: 25, title: "25 points" },
  bonus_id: null,
  player: null,
  server_seed_hash: "h",
  server_seed: null,
  client_seed: "c",
  nonce: 0,
  weights: [1, 1],
  ticket: 0,
});

/** The machine with a fake request that answers `answer` (or fails with `failure`) and records its input. */
function start(campaign: SpinCampaign | null, opts: { answer?: SpinResult; failure?: unknown; reduced?: boolean } = {}) {
  const calls: Array<{ campaignId: number; key: string }> = [];
  let settle!: () => void;
  const gate = new Promise<void>((r) => (settle = r));
  const machine = spinMachine.provide({
    actors: {
      requestSpin: fromPromise(async ({ input }: { input: { campaignId: number; key: string } }) => {
        calls.push(input);
        await gate;
        if (opts.failure) throw opts.failure;
        return opts.answer ?? { spin: spin(1), spinBalance: 0 };
      }),
    },
    guards: { reducedMotion: () => opts.reduced ?? false },
  });
  const actor = createActor(machine, { input: { campaign, key: "key-12345678" } }).start();
  return { actor, calls, settle };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("wheel spin machine", () => {
  it("SPEC §4: no spin with no campaign, with zero spins, or while a cost campaign loads", () => {
    expect(canSpin(null, false)).toBe(false);
    expect(canSpin({ ...free, spinBalance: 0 }, false)).toBe(false);
    expect(canSpin(free, true)).toBe(true);
    expect(canSpin(cost, true)).toBe(false);
    expect(canSpin(cost, false)).toBe(true);
    expect(canSpin({ ...cost, spinBalance: 0 }, false)).toBe(false);

    const { actor, calls } = start(null);
    actor.send({ type: "wheel.spin" });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "wheel.loaded", campaign: cost, loading: true, key: "key-12345678" });
    expect(actor.getSnapshot().can({ type: "wheel.spin" })).toBe(false);
    actor.send({ type: "wheel.spin" });
    expect(calls).toHaveLength(0);
  });

  it("spins once with the loader's key, reveals, then shows the result; the balance drops", async () => {
    const { actor, calls, settle } = start(free);
    actor.send({ type: "wheel.spin" });
    expect(actor.getSnapshot().value).toBe("spinning");
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    // A second press while the request runs does nothing: one spin.
    actor.send({ type: "wheel.spin" });
    settle();
    await flush();
    expect(calls).toEqual([{ campaignId: 1, key: "key-12345678" }]);
    expect(actor.getSnapshot().value).toBe("revealing");
    expect(actor.getSnapshot().context.result?.spin.sector_index).toBe(1);
    expect(actor.getSnapshot().context.campaign?.spinBalance).toBe(0);
    actor.send({ type: "wheel.revealed" });
    expect(actor.getSnapshot().value).toBe("done");
    // No spins left: the next press does nothing.
    actor.send({ type: "wheel.spin" });
    expect(actor.getSnapshot().value).toBe("done");
    actor.send({ type: "wheel.close" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it("reduced motion: no animation, straight to the result", async () => {
    const { actor, settle } = start(free, { reduced: true });
    actor.send({ type: "wheel.spin" });
    settle();
    await flush();
    expect(actor.getSnapshot().value).toBe("done");
  });

  it("a refusal or a failure: the error confirm, with its code, and Close goes back", async () => {
    const { actor, settle } = start(free, { failure: Object.assign(new Error("no"), { params: { code: "no_spins" } }) });
    actor.send({ type: "wheel.spin" });
    settle();
    await flush();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.error).toBe("no_spins");
    actor.send({ type: "wheel.close" });
    expect(actor.getSnapshot().value).toBe("idle");

    const broken = start(free, { failure: new TypeError("Failed to fetch") });
    broken.actor.send({ type: "wheel.spin" });
    broken.settle();
    await flush();
    expect(broken.actor.getSnapshot().context.error).toBe("failed");
  });

  describe("with fake timers", () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it("a reveal whose animation end never comes (a hidden tab) still ends", async () => {
      const { actor, settle } = start(free);
      actor.send({ type: "wheel.spin" });
      settle();
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe("revealing");
      vi.advanceTimersByTime(REVEAL_MAX_MS);
      expect(actor.getSnapshot().value).toBe("done");
    });
  });

  it("a new key from the loader is used by the next spin", async () => {
    const { actor, calls, settle } = start({ ...free, spinBalance: 3 }, { answer: { spin: spin(0), spinBalance: 2 } });
    settle();
    actor.send({ type: "wheel.spin" });
    await flush();
    actor.send({ type: "wheel.revealed" });
    actor.send({ type: "wheel.loaded", campaign: { ...free, spinBalance: 2 }, loading: false, key: "key-abcdefgh" });
    actor.send({ type: "wheel.spin" });
    await flush();
    expect(calls.map((c) => c.key)).toEqual(["key-12345678", "key-abcdefgh"]);
  });
});
