import { assign, setup } from "xstate";
import type { DialogEntry } from "./dialog-types";

export type DialogEvent =
  | { type: "dialog.open"; dialog: DialogEntry }
  | { type: "dialog.enqueue"; dialog: DialogEntry }
  | { type: "dialog.close"; id?: string; force?: boolean }
  | { type: "dialog.closeAll"; force?: boolean };

interface Ctx {
  stack: DialogEntry[];
  queue: DialogEntry[];
}

function target(stack: DialogEntry[], id?: string) {
  return id ? stack.find((d) => d.id === id) : stack[stack.length - 1];
}

/**
 * The dialog stack and queue (SPEC §4): opening locks page scroll; closing is refused while a
 * dialog is marked preventClose unless forced; queued dialogs show one at a time once the stack
 * is empty; scroll unlocks when none remain.
 */
export const dialogMachine = setup({
  types: { context: {} as Ctx, events: {} as DialogEvent, input: {} as { stack?: DialogEntry[] } | undefined },
  actions: {
    lockScroll: () => {},
    unlockScroll: () => {},
    push: assign({
      stack: ({ context, event }) => (event.type === "dialog.open" || event.type === "dialog.enqueue" ? [...context.stack, event.dialog] : context.stack),
    }),
    enqueue: assign({
      queue: ({ context, event }) => (event.type === "dialog.enqueue" ? [...context.queue, event.dialog] : context.queue),
    }),
    remove: assign({
      stack: ({ context, event }) => {
        if (event.type !== "dialog.close") return context.stack;
        const d = target(context.stack, event.id);
        return d ? context.stack.filter((x) => x !== d) : context.stack;
      },
    }),
    removeAll: assign({
      stack: ({ context, event }) => (event.type === "dialog.closeAll" && event.force ? [] : context.stack.filter((d) => d.preventClose)),
    }),
    promoteQueued: assign(({ context }) => {
      if (context.stack.length > 0 || context.queue.length === 0) return {};
      const [next, ...rest] = context.queue;
      return { stack: [next!], queue: rest };
    }),
  },
  guards: {
    mayClose: ({ context, event }) => {
      if (event.type !== "dialog.close") return false;
      const d = target(context.stack, event.id);
      return !!d && (!d.preventClose || !!event.force);
    },
    stackEmpty: ({ context }) => context.stack.length === 0,
  },
}).createMachine({
  id: "dialogs",
  context: ({ input }) => ({ stack: input?.stack ?? [], queue: [] }),
  initial: "checking",
  states: {
    checking: {
      always: [{ guard: "stackEmpty", target: "idle" }, { target: "open" }],
    },
    idle: {
      on: {
        "dialog.open": { target: "open", actions: "push" },
        "dialog.enqueue": { target: "open", actions: "push" },
      },
    },
    open: {
      tags: ["scrollLocked"],
      entry: "lockScroll",
      exit: "unlockScroll",
      always: { guard: "stackEmpty", target: "idle" },
      on: {
        "dialog.open": { actions: "push" },
        "dialog.enqueue": { actions: "enqueue" },
        "dialog.close": { guard: "mayClose", actions: ["remove", "promoteQueued"] },
        "dialog.closeAll": { actions: ["removeAll", "promoteQueued"] },
      },
    },
  },
});
