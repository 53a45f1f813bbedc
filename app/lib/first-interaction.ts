/**
 * Code that waits for the visitor (decisions 0027, 0055): the registration form's and the bet
 * slip's hydration, the live chat and the analytics dispatcher load at the first touch, key or
 * scroll, never before — every page's JavaScript up to idle is at its bar (1.10 × a bare React
 * Router app). In the shell chunk (vite.config.ts): kept to a few lines.
 *
 * Listened for on `window` in the capture phase: React stops the propagation of an event that lands
 * on content it has not hydrated yet, at the document.
 */
export const INTERACTIONS = ["pointerdown", "touchstart", "keydown", "scroll"] as const;

/** A form's touch: focus too (a tap or a tab into a field), so typed values meet hydrated code. */
export const FORM_TOUCH = ["pointerdown", "touchstart", "keydown", "focusin"] as const;

type Target = Pick<Window, "addEventListener" | "removeEventListener">;

/** Calls `start` once, on the first of `events`; answers the cancel. */
export function afterFirstInteraction(start: () => void, win: Target = window, events: readonly string[] = INTERACTIONS): () => void {
  const go = () => {
    cancel();
    start();
  };
  const cancel = () => {
    for (const e of events) win.removeEventListener(e, go, true);
  };
  for (const e of events) win.addEventListener(e, go, { capture: true, passive: true });
  return cancel;
}

let touched: Promise<void> | null = null;

/**
 * One promise for the page: resolves at the first form touch (FORM_TOUCH). Listening starts at the
 * first call, so a module that calls it as it runs counts a touch that comes before its parts render.
 */
export function firstTouch(): Promise<void> {
  touched ??= new Promise((resolve) => afterFirstInteraction(resolve, window, FORM_TOUCH));
  return touched;
}
