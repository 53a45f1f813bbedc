import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { afterIdleOrInteraction } from "../chat/defer";
import { useRootData } from "../site/use-root-data";

const PageExtras = lazy(() => import("./page-extras"));
// The live chat: its own chunk, fetched after the first interaction or idle time (decision 0055).
const ChatLauncher = lazy(() => import("../chat/chat-launcher"));

/**
 * Loads the page extras (hints, forced logout, promo code, messenger sign-in) after hydration,
 * and only when one applies: a signed-in player, a promo_code in the URL, a mini-app launch, a
 * campaign popup preview (#popup-preview).
 * Anonymous pages without either ship none of their code.
 */
export function PlayerExtras() {
  const signedIn = !!useRootData()?.player;
  const { search, hash } = useLocation();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (signedIn || search.includes("promo_code=") || hash.includes("tgWebAppData") || hash.startsWith("#popup-preview")) setWanted(true);
  }, [signedIn, search, hash]);
  const [chat, setChat] = useState(false);
  useEffect(() => afterIdleOrInteraction(() => setChat(true)), []);
  return (
    <>
      {wanted && (
        <Suspense fallback={null}>
          <PageExtras />
        </Suspense>
      )}
      {chat && (
        <Suspense fallback={null}>
          <ChatLauncher />
        </Suspense>
      )}
    </>
  );
}
