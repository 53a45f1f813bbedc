import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { recoverableErrorReporter } from "./lib/recoverable-errors";

declare global {
  interface Window {
    /**
     * Code hydration waits for. A lazily loaded part (lib/lazy-with-preload.ts) the server rendered
     * stays dehydrated until its chunk arrives, and a click on it meanwhile can be lost between
     * React's event replay and the browser's own handling (stop 53: a player's Participate post).
     * A part a player uses at once pushes its `preload()` here while its route module is evaluated,
     * which is before this entry runs; until hydration the page's forms and links work as plain
     * HTML. Parts that only show things never wait. Kept on `window`, not in a module: a module
     * shared by this entry and a route would be a chunk of its own on every page's first load.
     */
    __pfWait?: Promise<unknown>[];
  }
}

/**
 * React Router's default entry, with recoverable errors reported as lib/recoverable-errors.ts says,
 * hydrating once the parts a player uses at once have their code (`window.__pfWait`; one that
 * fails to load shows its error boundary when rendered).
 */
const onRecoverableError = recoverableErrorReporter(window, (error) => window.reportError(error));

Promise.allSettled(window.__pfWait ?? []).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
      { onRecoverableError },
    );
  }),
);
