/**
 * SPEC §4/§9: the chat loads only after the first interaction or idle time — after the page's load
 * event, then requestIdleCallback, or 1 s later where the browser has no idle callback. In the
 * first-load bundle, so it is kept to a few lines.
 */
export const CHAT_IDLE_FALLBACK_MS = 1000;
const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "scroll"] as const;

/** Calls `start` once, on the first interaction or at idle time; answers the cancel. */
export function afterIdleOrInteraction(start: () => void, win: Window & typeof globalThis = window): () => void {
  let done = false;
  let timer: number | undefined;
  const go = () => {
    if (done) return;
    cancel();
    done = true;
    start();
  };
  const idle = () => {
    if (win.requestIdleCallback) win.requestIdleCallback(go, { timeout: 5000 });
    else timer = win.setTimeout(go, CHAT_IDLE_FALLBACK_MS);
  };
  const cancel = () => {
    done = true;
    INTERACTIONS.forEach((e) => win.removeEventListener(e, go, true));
    win.removeEventListener("load", idle);
    win.clearTimeout(timer);
  };
  INTERACTIONS.forEach((e) => win.addEventListener(e, go, { capture: true, passive: true }));
  if (win.document.readyState === "complete") idle();
  else win.addEventListener("load", idle, { once: true });
  return cancel;
}
