import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { CHAT_MESSAGE_EVENT } from "../../../core/api/chat-limits";
import type { ChatSettings, SupportSettings } from "../../../core/api/contract-support";
import { Icon } from "../../ui/icon";
import { onAccountEvent } from "../realtime/account-events";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import { resetAfterSignOut } from "./chat-identity";
import { chatHiddenOn } from "./chat-routes";

// The panel and the /api client come with the first click on the launcher, a widget's adapter
// when the operator configured one: what the first interaction loads on every page stays small.
const DemoChatPanel = lazy(() => import("./demo-chat"));
const ProviderChat = lazy(() => import("./provider-chat"));

/**
 * support.getsettings' chat, by a plain fetch (the /api client comes with the panel; `v` is wire.ts'
 * API_VERSION). null for a 403: the session is a banned player's (signed in a moment ago, the page
 * on its way to the forbidden screen), who gets no chat; that is an answer, not a failure.
 */
export async function chatSettings(locale: string): Promise<ChatSettings | null> {
  const res = await fetch(`/api/support/getsettings?v=1&locale=${encodeURIComponent(locale)}`, {
    headers: { accept: "application/json" },
    credentials: "same-origin",
  });
  if (res.status === 403) return null;
  if (!res.ok) throw new Error(`support.getsettings answered ${res.status}`);
  return ((await res.json()) as { data: SupportSettings }).data.chat;
}

/**
 * The live chat (issue 24, decision 0055), loaded by player-extras.tsx only after the first
 * interaction: reads the chat settings and runs the demo chat or the configured
 * provider's widget. Hidden on betting and game routes, checked on every navigation. A settings
 * failure is logged and chat skipped; a banned player's session (403) skips it quietly.
 */
export default function ChatLauncher() {
  const root = useRootData();
  const { pathname } = useLocation();
  const locale = root?.locale ?? "en";
  const player = root?.player;
  const uid = player?.uid ?? null;
  const [settings, setSettings] = useState<ChatSettings | null>(null);
  useEffect(() => {
    let stale = false;
    chatSettings(locale)
      .then((s) => !stale && setSettings(s))
      .catch((e: unknown) => console.error("chat: settings failed to load; chat skipped", e instanceof Error ? e.message : e));
    return () => {
      stale = true;
    };
  }, [locale]);
  // Before anything reads the anonymous id: a sign-out (even by a reload) starts a new visitor's chat.
  useState(() => resetAfterSignOut(localStorage, uid));
  useEffect(() => void resetAfterSignOut(localStorage, uid), [uid]);

  if (!settings) return null;
  const hidden = chatHiddenOn(pathname);
  if (settings.provider === "demo") return <DemoLauncher key={uid ?? 0} uid={uid} locale={locale} hidden={hidden} />;
  return (
    <Suspense fallback={null}>
      <ProviderChat settings={settings} hidden={hidden} player={player ? { uid: player.uid, name: player.login, email: player.email?.contact } : null} />
    </Suspense>
  );
}

/** The demo chat's launcher button; its panel loads on the first click and stays mounted. */
function DemoLauncher({ uid, locale, hidden }: { uid: number | null; locale: string; hidden: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [unread, setUnread] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  // A player's operator replies come over the realtime channel, also while the panel is closed.
  useEffect(() => (uid ? onAccountEvent(CHAT_MESSAGE_EVENT, () => !openRef.current && setUnread(true)) : undefined), [uid]);

  if (hidden) return null;
  return (
    <div className="chat" data-testid="chat">
      {wanted && (
        <Suspense fallback={null}>
          <DemoChatPanel uid={uid} locale={locale} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className="chat__launcher btn btn--primary"
        aria-expanded={open}
        aria-controls={open ? "chat-panel" : undefined}
        onClick={() => {
          setWanted(true);
          setOpen(!open);
          setUnread(false);
        }}
      >
        <Icon name="support" />
        {t("chat.open")}
        {unread && <span className="chat__unread" aria-hidden="true" />}
      </button>
    </div>
  );
}
