import type { ReactNode } from "react";
import { useRootData } from "../features/site/use-root-data";
import { dialogRenderers } from "../features/dialogs";
import { DialogProvider } from "./dialog/dialogs";
import { LinkDelegate } from "./link-delegate";
import { ToastProvider } from "./toasts";

/**
 * Toasts and dialogs for every page, seeded from the root loader (flash toast, URL dialogs), and
 * the one click handler behind every `AppLink`.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const root = useRootData();
  return (
    <ToastProvider flashed={root?.toast ?? null}>
      <DialogProvider urlDialogs={root?.urlDialogs ?? []} renderers={dialogRenderers}>
        {children}
        <LinkDelegate />
      </DialogProvider>
    </ToastProvider>
  );
}
