import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { chatHiddenOn } from "../chat/chat-routes";
import { afterFirstInteraction } from "../../lib/first-interaction";
import { useRootData } from "../../shell/use-root-data";

const PageExtras = lazy(() => import("./page-extras"));
// The live chat: its own chunk, fetched after the first interaction (decision 0055).
const ChatLauncher = lazy(() => import("../chat/chat-launcher"));

/**
 * Loads the page extras (hints, forced logout, promo code, messenger sign-in) after hydration,
 * and only when one applies: a signed-in player, a promo_code in the URL, a mini-app launch, a
 * campaign popup preview (#popup-preview).
 * Anonymous pages without either ship none of their code.
 */
export function PlayerExtras() {
  const signedIn = !!useRootData()?.player;
  const { pathname, search, hash } = useLocation();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (signedIn || search.includes("promo_code=") || hash.includes("tgWebAppData") || hash.startsWith("#popup-preview")) setWanted(true);
  }, [signedIn, search, hash]);
  // The chat starts with the first interaction on a page that shows it; once loaded it stays
  // mounted (it hides itself on betting and game routes, a provider's widget included).
  const [chat, setChat] = useState(false);
  const chatHere = !chatHiddenOn(pathname);
  useEffect(() => (chat || !chatHere ? undefined : afterFirstInteraction(() => setChat(true))), [chat, chatHere]);
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
