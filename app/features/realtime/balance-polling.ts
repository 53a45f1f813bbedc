import { createActor } from "xstate";
import { balancePollingMachine, type BalanceRefreshSettings } from "./balance-polling.machine";

/** A click anywhere counts (SPEC §4: polling stops after minutes "without clicks"). */
const LISTEN = { passive: true, capture: true } as const;

/**
 * Runs the polling machine for this tab: document clicks feed it, `refresh` is what it calls.
 * Answers the stop function. Loaded only when the site turns a kind of polling on.
 */
export function startBalancePolling(settings: BalanceRefreshSettings, refresh: () => void): () => void {
  const actor = createActor(balancePollingMachine.provide({ actions: { refresh } }), { input: settings }).start();
  const onClick = () => actor.send({ type: "player.clicked" });
  window.addEventListener("click", onClick, LISTEN);
  return () => {
    window.removeEventListener("click", onClick, LISTEN);
    actor.stop();
  };
}
