import { deferredPartsHydrated } from "./hydration-gate";
import type { LiveState } from "./live-odds-state";

/**
 * The live odds for the bet slip, outside React's props: the slip's code comes after the page's
 * first touch (deferred-slip.tsx), and a prop that changed while its server HTML waits for that
 * code would make React drop the HTML and render the slip afresh. The slip subscribes once it runs.
 */
let current: LiveState | null = null;
const listeners = new Set<() => void>();

export const liveStore = {
  /** hydration-gate.ts for the slip's code, through this prop: an import would split the gate into a chunk of its own. */
  deferredPartsHydrated,
  get: (): LiveState | null => current,
  getServer: (): LiveState | null => null,
  set(state: LiveState) {
    current = state;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
