/**
 * SPEC §4/§9 defer the chat until the first interaction or idle time. Idle time is not used: every
 * page's JavaScript up to idle is at its bar (1.10 × a bare React Router app, measured until the
 * network and the idle callbacks are quiet), so the chat's code waits for the visitor's first
 * touch, key or scroll (decision 0055). In the first-load bundle: kept to a few lines.
 */
const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "scroll"] as const;

/** Calls `start` once, on the first interaction; answers the cancel. */
export function afterFirstInteraction(start: () => void, win: Pick<Window, "addEventListener" | "removeEventListener"> = window): () => void {
  const go = () => {
    cancel();
    start();
  };
  const cancel = () => INTERACTIONS.forEach((e) => win.removeEventListener(e, go, true));
  INTERACTIONS.forEach((e) => win.addEventListener(e, go, { capture: true, passive: true }));
  return cancel;
}
