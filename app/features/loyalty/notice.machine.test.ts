import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import type { LoyaltyNotice } from "../../../core/api/contract-loyalty";
import { NOTICE_DELAY_MS, NOTICE_SHOW_MS, noticeMachine } from "./notice.machine";

const notice = (id: number, title = `Notice ${id}`): LoyaltyNotice => ({
  id,
  trigger: "points",
  type: "credit",
  amount: 5,
  amountType: "points",
  title,
  message: "m",
  image: null,
  created_at: 0,
});

describe("loyalty notice machine", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows a fetched notice after 300 ms, for 5 s", () => {
    const actor = createActor(noticeMachine).start();
    actor.send({ type: "notices.fetched", items: [notice(1)] });
    vi.advanceTimersByTime(NOTICE_DELAY_MS - 1);
    expect(actor.getSnapshot().context.current).toBeNull();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.current?.id).toBe(1);
    expect(actor.getSnapshot().hasTag("sound")).toBe(true);
    vi.advanceTimersByTime(NOTICE_SHOW_MS - 1);
    expect(actor.getSnapshot().context.current?.id).toBe(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.current).toBeNull();
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("shows several one at a time, oldest first; a close brings the next one 300 ms later", () => {
    const actor = createActor(noticeMachine).start();
    actor.send({ type: "notices.fetched", items: [notice(1), notice(2)] });
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(actor.getSnapshot().context.current?.id).toBe(1);
    actor.send({ type: "notices.fetched", items: [notice(3)] });
    actor.send({ type: "notice.close" });
    expect(actor.getSnapshot().context.current).toBeNull();
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(actor.getSnapshot().context.current?.id).toBe(2);
    vi.advanceTimersByTime(NOTICE_SHOW_MS + NOTICE_DELAY_MS);
    expect(actor.getSnapshot().context.current?.id).toBe(3);
    vi.advanceTimersByTime(NOTICE_SHOW_MS);
    expect(actor.getSnapshot().context.current).toBeNull();
  });

  it("a notice answered twice (two fetches racing) shows once", () => {
    const actor = createActor(noticeMachine).start();
    actor.send({ type: "notices.fetched", items: [notice(7)] });
    actor.send({ type: "notices.fetched", items: [notice(7)] });
    vi.advanceTimersByTime(NOTICE_DELAY_MS + NOTICE_SHOW_MS);
    actor.send({ type: "notices.fetched", items: [notice(7)] });
    vi.advanceTimersByTime(NOTICE_DELAY_MS);
    expect(actor.getSnapshot().context.current).toBeNull();
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });
});
