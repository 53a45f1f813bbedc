import { createActor } from "xstate";
import type { DialogEntry } from "./dialog-types";
import { dialogMachine, type DialogEvent } from "./dialog.machine";

/**
 * Starts the dialog machine with the browser's scroll lock. Loaded on demand, so pages without
 * dialogs never download XState.
 */
export function startDialogs(initial: DialogEntry[], onChange: (stack: DialogEntry[]) => void) {
  const root = document.documentElement;
  const actor = createActor(
    dialogMachine.provide({
      actions: {
        lockScroll: () => root.classList.add("scroll-locked"),
        unlockScroll: () => root.classList.remove("scroll-locked"),
      },
    }),
    { input: { stack: initial } },
  );
  actor.subscribe((s) => onChange(s.context.stack));
  actor.start();
  return { send: (e: DialogEvent) => actor.send(e), stop: () => actor.stop() };
}

export type DialogsHandle = ReturnType<typeof startDialogs>;
