import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { useDialogs } from "../../shell/dialogs";
import { useToast } from "../../ui/toasts";
import { useRootData } from "../../shell/use-root-data";

// Loaded only for signed-in players, after hydration, as one chunk: anonymous pages ship none of this.
const SignedInExtras = lazy(() => import("./signed-in-extras"));

/**
 * The client-side pieces around a page: for signed-in players the hints and the forced logout
 * (SPEC §4); for everyone the promo code of the URL and a messenger mini-app launch. Loaded as one
 * chunk only when one of them applies (see player-extras.tsx).
 */
export default function PageExtras() {
  const root = useRootData();
  const { search, hash } = useLocation();
  const toast = useToast();
  useEffect(() => {
    if (/[?&]promo_code=/.test(search)) {
      void import("../auth/promo-code").then((m) => m.storePromoCodeFromUrl({ search }, m.browserStorage()));
    }
  }, [search]);
  useEffect(() => {
    if (hash.includes("tgWebAppData") && !root?.player)
      void import("../auth/telegram-signin")
        .then((m) => m.signInFromMiniApp(hash, root?.locale))
        .then((error) => error && toast({ text: error, type: "error" }));
  }, [hash, root?.player, root?.locale, toast]);
  const dialogs = useDialogs();
  useEffect(() => {
    if (!hash.startsWith("#popup-preview")) return;
    let stopped = false;
    void import("../promotions/popup-preview").then(async (m) => {
      const sysname = m.previewSysname(search, hash);
      const popup = sysname ? await m.loadPreview(sysname, root?.locale ?? "en").catch(() => null) : null;
      if (!stopped && popup) void dialogs.show("campaignPopup", { ...popup, preview: true });
    });
    return () => {
      stopped = true;
    };
  }, [hash, search, root?.locale, dialogs]);
  const player = root?.player;
  if (!player) return null;
  return (
    <Suspense fallback={null}>
      <SignedInExtras player={player} locale={root.locale} />
    </Suspense>
  );
}
