/**
 * The deferred parts of /betting (deferred-slip.tsx) React is hydrating: from the reader's first
 * touch (their code is on its way) until React has hydrated them. React hydrates such a part, a
 * boundary nested in one it already hydrated, at its lowest priority, which never expires, and
 * any other update interrupts that work and starts it again. On a busy phone the live odds (several
 * updates a second) kept the slip the server's HTML for good, and a pick, whose new loader data
 * flows into it, never reached it. So while a part hydrates the live odds wait, and a pick
 * re-reads the page's data after: a moment, as the code came with the touch.
 */
const hydrating = new Set<Promise<void>>();

/** How long a part may hold the gate at most. */
const GIVE_UP_MS = 15_000;

/** A part that will hydrate later: `watch` (at the touch) holds the gate until `settle` (hydrated, or gone). */
export function hydrationGate(): { settle: () => void; watch: () => () => void } {
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  void done.then(() => hydrating.delete(done));
  let settled = false;
  const end = () => {
    settled = true;
    settle();
  };
  const watch = () => {
    if (!settled) hydrating.add(done);
    // Never holds the odds for good: a part that could not hydrate (its code failed) lets go.
    setTimeout(end, GIVE_UP_MS);
    return end;
  };
  return { settle: end, watch };
}

/** Resolves once no deferred part is hydrating. */
export function deferredPartsHydrated(): Promise<void> {
  return Promise.all(hydrating).then(() => undefined);
}

/** Runs `fn` now, or once no deferred part is hydrating (in the order asked). */
export function afterDeferredParts(fn: () => void): void {
  if (hydrating.size === 0) fn();
  else void deferredPartsHydrated().then(fn);
}
