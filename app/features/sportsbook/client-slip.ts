import { useRevalidator } from "react-router";
import { changeInBrowser, legValue, toggleSelection, type SlipEntry, type SlipLeg } from "./slip-cookie";

/**
 * With JavaScript the slip changes in the browser: the cookie is rewritten here and the page's
 * loader re-read (no post, no history entry, no scroll jump). Without JavaScript the same buttons
 * post their form and the action writes the cookie (betting-actions.server.ts). The page's
 * `deferredPartsHydrated` (hydration-gate.ts) comes with the live store's prop.
 */
export function useSlipEditor(deferredPartsHydrated: () => Promise<void>) {
  const { revalidate } = useRevalidator();
  const write = (change: (entries: SlipEntry[]) => SlipEntry[], legs?: (legs: SlipLeg[]) => SlipLeg[]) => {
    changeInBrowser(change, legs);
    void deferredPartsHydrated().then(() => revalidate());
  };
  return {
    toggle: (entry: SlipEntry) => write((s) => toggleSelection(s, entry)),
    remove: (id: number) => write((s) => s.filter((e) => e.id !== id)),
    removeLeg: (leg: SlipLeg) =>
      write(
        (s) => s,
        (legs) => legs.filter((l) => legValue(l) !== legValue(leg)),
      ),
    clear: () =>
      write(
        () => [],
        () => [],
      ),
  };
}
