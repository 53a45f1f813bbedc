import { browserCall } from "../../../lib/api/browser-call";
import { injectScript, isPlayer, whenReady, type ChatAdapter, type ChatWindow } from "./adapter";

/** The Freshchat widget: `fcWidget` (wchat.freshchat.com). Its message events go to FreshChat.storeChatEvent. */
interface FcWidget {
  init(options: Record<string, unknown>): void;
  setExternalId(id: string): void;
  user: { setFirstName(name: string): void; setEmail(email: string): void; clear(): Promise<unknown> | undefined };
  on(event: string, listener: (e: { data?: { message?: FcMessage } }) => void): void;
  show(): void;
  hide(): void;
}
interface FcMessage {
  channelId?: string | number;
  conversationId?: string | number;
  messageParts?: Array<{ text?: { content?: string } }>;
}

export const FRESHCHAT_HOST = "https://wchat.freshchat.com";

function storeEvent(m: FcMessage | undefined, event: "sent" | "received", call: typeof browserCall) {
  if (m?.channelId === undefined || m.conversationId === undefined) return;
  const text = (m.messageParts ?? [])
    .map((p) => p.text?.content ?? "")
    .join("\n")
    .slice(0, 4000);
  void call("FreshChat.storeChatEvent", "POST", { channel_id: String(m.channelId), conversation_id: String(m.conversationId), text, event }).catch(
    (e: unknown) => console.warn("chat: storing a Freshchat event failed", e instanceof Error ? e.message : e),
  );
}

export function freshChat(win: ChatWindow, call: typeof browserCall = browserCall): ChatAdapter {
  const api = () => whenReady(win, () => win.fcWidget as FcWidget | undefined);
  return {
    async load(config) {
      await injectScript(win, config.src || `${FRESHCHAT_HOST}/js/widget.js`);
      const fc = await api();
      fc.init({ token: config.id, host: FRESHCHAT_HOST, locale: config.lang });
      fc.on("message:sent", (e) => storeEvent(e.data?.message, "sent", call));
      fc.on("message:received", (e) => storeEvent(e.data?.message, "received", call));
    },
    async identify(person) {
      const fc = await api();
      if (!isPlayer(person)) return fc.setExternalId(`anonymous:${person.anonymousId}`);
      fc.setExternalId(String(person.uid));
      if (person.name) fc.user.setFirstName(person.name);
      if (person.email) fc.user.setEmail(person.email);
    },
    reset: () => void (win.fcWidget as FcWidget | undefined)?.user.clear(),
    show: () => (win.fcWidget as FcWidget | undefined)?.show(),
    hide: () => (win.fcWidget as FcWidget | undefined)?.hide(),
  };
}
export default freshChat;
