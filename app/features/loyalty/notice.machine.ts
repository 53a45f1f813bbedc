import { assign, setup } from "xstate";
import type { LoyaltyNotice } from "../../../core/api/contract-loyalty";

/**
 * Loyalty notices on screen (SPEC §4, §9): fetched notices wait in a queue; each shows 300 ms
 * after its turn comes, for 5 s (or until the player closes it), one at a time, oldest first.
 * `notices.fetched` adds what the platform answered (a notice already queued or shown is not
 * added twice). The sound is the component's concern (the `sound` tag).
 */
export const NOTICE_DELAY_MS = 300;
export const NOTICE_SHOW_MS = 5000;

export interface NoticeContext {
  queue: LoyaltyNotice[];
  current: LoyaltyNotice | null;
  /** Ids ever taken in, so a notice answered twice (two fetches racing) shows once. */
  seen: number[];
}

export type NoticeEvent = { type: "notices.fetched"; items: LoyaltyNotice[] } | { type: "notice.close" };

export const noticeMachine = setup({
  types: { context: {} as NoticeContext, events: {} as NoticeEvent },
  delays: { delay: NOTICE_DELAY_MS, show: NOTICE_SHOW_MS },
  guards: { queued: ({ context }) => context.queue.length > 0 },
  actions: {
    take: assign(({ context, event }) => {
      if (event.type !== "notices.fetched") return {};
      const fresh = event.items.filter((n) => !context.seen.includes(n.id));
      return { queue: [...context.queue, ...fresh], seen: [...context.seen, ...fresh.map((n) => n.id)].slice(-200) };
    }),
    next: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clear: assign({ current: null }),
  },
}).createMachine({
  id: "loyaltyNotices",
  context: { queue: [], current: null, seen: [] },
  initial: "idle",
  on: { "notices.fetched": { actions: "take" } },
  states: {
    idle: { always: { guard: "queued", target: "waiting" } },
    waiting: { after: { delay: { target: "showing", actions: "next" } } },
    showing: {
      tags: ["sound"],
      after: { show: { target: "idle", actions: "clear" } },
      on: { "notice.close": { target: "idle", actions: "clear" } },
    },
  },
});
