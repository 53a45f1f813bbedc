import type { ReactNode } from "react";
import { useRootData, useT } from "../features/site/use-root-data";
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
  const t = useT();
  return (
    <ToastProvider flashed={root?.toast ?? null} closeLabel={t("common.close")}>
      <DialogProvider urlDialogs={root?.urlDialogs ?? []} renderers={dialogRenderers}>
        {children}
        <LinkDelegate />
      </DialogProvider>
    </ToastProvider>
  );
}
