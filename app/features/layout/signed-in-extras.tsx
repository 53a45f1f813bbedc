import { lazy } from "react";
import { useLocation } from "react-router";
import BonusToasts from "../bonuses/bonus-toasts";
import PlayerHints from "../hints/player-hints";
import LoyaltyNotices from "../loyalty/notices";
import OffersLive from "../offers/offers-live";
import RealtimeClient from "../realtime/realtime-client";
import SessionClock from "../responsible/session-clock";
import { sectionOf } from "../site/section-messages";
import VpnToasts from "../vpn/vpn-toasts";
import { PostRegistration } from "../auth/post-registration";
import type { RootPlayer } from "../../shell/root-data";

// Only for a player whose site signs out the idle (forceLogoutSeconds > 0).
const ForcedLogout = lazy(() => import("../auth/forced-logout"));

/**
 * A signed-in player's pieces around a page (SPEC §4): hints, forced logout, the realtime client,
 * the session clock, live offers, loyalty notices, VPN and new-bonus toasts, the post-registration queue. One
 * chunk, loaded by page-extras.tsx after hydration for a player only: each piece's own lazy chunk
 * cost a request and a gzip window of its own (issue 39). What a piece needs only when it has work
 * (the XState machines, the reality check) still loads then.
 */
export default function SignedInExtras({ player, locale }: { player: RootPlayer; locale: string }) {
  const { pathname } = useLocation();
  return (
    <>
      {/* Nothing floats over a game: a hint's corner is where a studio puts its spin button (the
          hint took a player's click on Spin). It shows again on the next page that is not a game. */}
      {sectionOf(pathname) !== "game" && <PlayerHints account={player} />}
      {player.forceLogoutSeconds > 0 && <ForcedLogout timeoutSeconds={player.forceLogoutSeconds} />}
      <RealtimeClient uid={player.uid} balanceAt={player.balanceAt} balanceRefresh={player.balanceRefresh} />
      <SessionClock />
      <OffersLive locale={locale} />
      <LoyaltyNotices locale={locale} />
      <VpnToasts />
      <BonusToasts />
      <PostRegistration account={player} confirmEmailPopup={player.confirmEmailPopup} locale={locale} cashback={player.cashbackPopup} />
    </>
  );
}
