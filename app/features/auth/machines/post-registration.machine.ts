import { assign, setup } from "xstate";
import type { AccountInfo } from "../../../../core/api/entities";
import type { CampaignPopupProps, CashbackPopupProps, DialogOf } from "../../../shell/dialog-types";

/** One popup of the queue: a dialog's name (shell/dialog-types.ts) and its props. */
export type PostRegistrationItem =
  | Pick<DialogOf<"emailConfirm">, "name" | "props">
  | Pick<DialogOf<"cashback">, "name" | "props">
  | Pick<DialogOf<"campaignPopup">, "name" | "props">;

export interface PostRegistrationInput {
  /** The registration option confirmEmailPopup (auth configuration). */
  confirmEmailPopup: boolean;
  account: Pick<AccountInfo, "email"> | null;
  /** The unseen cashback to show, when one is. */
  cashback?: CashbackPopupProps | null;
  /** The campaign popup to show, when one is. */
  campaign?: CampaignPopupProps | null;
}

export type PostRegistrationEvent =
  | { type: "dialog.closed" }
  /** A popup whose data arrived while the queue still runs. */
  | { type: "queue.add"; item: PostRegistrationItem };

export interface PostRegistrationContext {
  current: PostRegistrationItem | null;
  queue: PostRegistrationItem[];
}

/** The popups after registration, in SPEC §2 order: confirm email, unseen cashback, campaign. */
export function postRegistrationQueue(input: PostRegistrationInput): PostRegistrationItem[] {
  const queue: PostRegistrationItem[] = [];
  const email = input.account?.email;
  if (input.confirmEmailPopup && email && !email.is_confirmed) queue.push({ name: "emailConfirm", props: { email: email.contact } });
  if (input.cashback) queue.push({ name: "cashback", props: input.cashback });
  if (input.campaign) queue.push({ name: "campaignPopup", props: input.campaign });
  return queue;
}

const ORDER: readonly PostRegistrationItem["name"][] = ["emailConfirm", "cashback", "campaignPopup"];

/**
 * After registration (SPEC §2): the queued popups show one at a time, each after the previous one
 * closes; the machine is done when none remain. The UI renders `current`.
 */
export const postRegistrationMachine = setup({
  types: {
    context: {} as PostRegistrationContext,
    events: {} as PostRegistrationEvent,
    input: {} as PostRegistrationInput,
  },
  actions: {
    next: assign(({ context }) => ({ current: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    add: assign(({ context, event }) => {
      if (event.type !== "queue.add") return {};
      const known = [context.current, ...context.queue].some((i) => i?.name === event.item.name);
      if (known) return {};
      // Keep the SPEC order among the ones still waiting.
      const queue = [...context.queue, event.item].sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name));
      return { queue };
    }),
  },
  guards: {
    empty: ({ context }) => context.current === null,
  },
}).createMachine({
  id: "postRegistration",
  context: ({ input }) => ({ current: null, queue: postRegistrationQueue(input) }),
  initial: "next",
  states: {
    next: {
      entry: "next",
      always: [{ guard: "empty", target: "done" }, { target: "showing" }],
    },
    showing: {
      tags: ["showing"],
      on: {
        "dialog.closed": "next",
        "queue.add": { actions: "add" },
      },
    },
    done: { type: "final" },
  },
});
