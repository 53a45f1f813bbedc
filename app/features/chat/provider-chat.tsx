import { useEffect, useRef, useState } from "react";
import type { ChatSettings } from "../../../core/api/contract-support";
import { anonymousChatId } from "./chat-identity";
import type { ChatWindow } from "./providers/adapter";
import type { ChatController } from "./providers/controller";

export interface ProviderChatProps {
  settings: ChatSettings;
  player: { uid: number; name?: string; email?: string } | null;
  hidden: boolean;
}

/**
 * A third-party chat widget (decision 0055): its adapter and script load once; the identity
 * follows sign-in and sign-out (reset, then a fresh anonymous id); the widget is hidden on
 * betting and game routes. Renders nothing: the provider draws its own widget.
 */
export default function ProviderChat({ settings, player, hidden }: ProviderChatProps) {
  const [controller, setController] = useState<ChatController | null>(null);
  const signedIn = useRef<number | null>(null);
  const config = JSON.stringify(settings);
  useEffect(() => {
    let stopped = false;
    let started: ChatController | null = null;
    void import("./providers/controller")
      .then((m) => m.startChatProvider(JSON.parse(config) as ChatSettings, window as unknown as ChatWindow))
      .then((c) => {
        started = c;
        if (!stopped) setController(c);
      });
    return () => {
      stopped = true;
      started?.stop();
    };
  }, [config]);

  const uid = player?.uid ?? null;
  const name = player?.name;
  const email = player?.email;
  useEffect(() => {
    if (!controller) return;
    if (uid) controller.identify({ uid, name, email });
    else {
      if (signedIn.current) controller.reset();
      controller.identify({ anonymousId: anonymousChatId(localStorage, true)! });
    }
    signedIn.current = uid;
  }, [controller, uid, name, email]);

  useEffect(() => controller?.setHidden(hidden), [controller, hidden]);
  return null;
}
