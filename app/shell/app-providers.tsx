import type { ReactNode } from "react";
import { useRootData } from "./use-root-data";
import { useT } from "../lib/i18n/use-t";
import { dialogRenderers } from "./dialog-registry";
import { DialogProvider } from "./dialogs";
import { LinkDelegate } from "../ui/link-delegate";
import { ToastProvider } from "../ui/toasts";

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
