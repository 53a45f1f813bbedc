import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { recoverableErrorReporter } from "./lib/recoverable-errors";

/** React Router's default entry, with recoverable errors reported as lib/recoverable-errors.ts says. */
const onRecoverableError = recoverableErrorReporter(window, (error) => window.reportError(error));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    { onRecoverableError },
  );
});
