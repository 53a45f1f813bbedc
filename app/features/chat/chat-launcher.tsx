import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { browserCall } from "../../lib/api/browser-call";
import type { ChatSettings } from "../../lib/api/contract-support";
import { useRootData } from "../site/use-root-data";
import { chatHiddenOn } from "./chat-routes";
import DemoChat from "./demo-chat";

const ProviderChat = lazy(() => import("./provider-chat"));

/**
 * The live chat (issue 24, decision 0055), loaded by player-extras.tsx only after the first
 * interaction or idle time: reads the chat settings (support.getsettings) and runs the demo chat
 * or the configured provider's widget. Hidden on betting and game routes, checked on every
 * navigation. A settings failure is logged and chat skipped.
 */
export default function ChatLauncher() {
  const root = useRootData();
  const { pathname } = useLocation();
  const locale = root?.locale ?? "en";
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  useEffect(() => {
    let stale = false;
    browserCall("support.getsettings", "GET", {}, { locale })
      .then((s) => !stale && setSettings(s.chat))
      .catch((e: unknown) => console.error("chat: settings failed to load; chat skipped", e instanceof Error ? e.message : e));
    return () => {
      stale = true;
    };
  }, [locale]);

  if (!settings) return null;
  const hidden = chatHiddenOn(pathname);
  const player = root?.player;
  if (settings.provider === "demo") return <DemoChat uid={player?.uid ?? null} locale={locale} hidden={hidden} />;
  return (
    <Suspense fallback={null}>
      <ProviderChat settings={settings} hidden={hidden} player={player ? { uid: player.uid, name: player.login, email: player.email?.contact } : null} />
    </Suspense>
  );
}
