import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { useDialogs } from "../../shell/dialogs";
import { useToast } from "../../ui/toasts";
import { PostRegistration } from "../auth/post-registration";
import { sectionOf } from "../site/section-messages";
import { useRootData } from "../../shell/use-root-data";

// Loaded only for signed-in players, after hydration: anonymous pages ship none of this.
const PlayerHints = lazy(() => import("../hints/player-hints"));
const ForcedLogout = lazy(() => import("../auth/forced-logout"));
const RealtimeClient = lazy(() => import("../realtime/realtime-client"));
const SessionClock = lazy(() => import("../responsible/session-clock"));
const OffersLive = lazy(() => import("../offers/offers-live"));
const LoyaltyNotices = lazy(() => import("../loyalty/notices"));
const VpnToasts = lazy(() => import("../vpn/vpn-toasts"));

/**
 * The client-side pieces around a page: for signed-in players the hints and the forced logout
 * (SPEC §4); for everyone the promo code of the URL and a messenger mini-app launch. Loaded as one
 * chunk only when one of them applies (see player-extras.tsx).
 */
export default function PageExtras() {
  const root = useRootData();
  const { pathname, search, hash } = useLocation();
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
      {/* Nothing floats over a game: a hint's corner is where a studio puts its spin button (the
          hint took a player's click on Spin). It shows again on the next page that is not a game. */}
      {sectionOf(pathname) !== "game" && <PlayerHints account={player} />}
      {player.forceLogoutSeconds > 0 && <ForcedLogout timeoutSeconds={player.forceLogoutSeconds} />}
      <RealtimeClient uid={player.uid} balanceAt={player.balanceAt} balanceRefresh={player.balanceRefresh} />
      <SessionClock />
      <OffersLive locale={root.locale} />
      <LoyaltyNotices locale={root.locale} />
      <VpnToasts />
      <PostRegistration account={player} confirmEmailPopup={player.confirmEmailPopup} locale={root.locale} cashback={player.cashbackPopup} />
    </Suspense>
  );
}
