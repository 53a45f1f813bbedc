import { useCallback, useEffect, useRef, useState } from "react";
import { browserCall } from "../../lib/api/browser-call";
import { CHAT_MESSAGE_EVENT, CHAT_TEXT_MAX, VISITOR_POLL_MS } from "../../../core/api/chat-limits";
import type { ChatMessage } from "../../../core/api/contract-chat";
import { PlatformError } from "../../../core/api/errors";
import { Icon } from "../../ui/icon";
import { onAccountEvent } from "../realtime/account-events";
import { useT } from "../../lib/i18n/use-t";
import { anonymousChatId, forgetAnonymousChatId } from "./chat-identity";

/** Adds `more` to `list` once each, in id order (a poll and a send may both bring one). */
export function mergeMessages(list: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface DemoChatPanelProps {
  uid: number | null;
  locale: string;
  /** Closed, the panel keeps its messages (and a player's live replies) but shows nothing. */
  open: boolean;
  onClose(): void;
}

/**
 * The demo chat provider's panel (decision 0055), loaded on the launcher's first click. A
 * signed-in player's operator replies come over the realtime channel (chat.message); a visitor has
 * no channel, so the open panel asks for newer messages every few seconds. The first panel of a
 * player hands the visitor's conversation over (chat.identify); the launcher remounts it on sign-in
 * and sign-out.
 */
export default function DemoChatPanel({ uid, locale, open, onClose }: DemoChatPanelProps) {
  const t = useT();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const [identified, setIdentified] = useState<number | null | undefined>(undefined);
  const lastId = useRef(0);
  lastId.current = messages.at(-1)?.id ?? 0;

  // The identity switch: sign-in hands the visitor's chat over; sign-out starts empty.
  useEffect(() => {
    let stale = false;
    setMessages([]);
    setIdentified(undefined);
    const anonymous = uid ? anonymousChatId(localStorage, false) : null;
    const ready = anonymous
      ? browserCall("chat.identify", "POST", { anonymous_id: anonymous }, { locale })
          .then(() => forgetAnonymousChatId(localStorage))
          .catch((e: unknown) => console.warn("chat: identify failed", e instanceof Error ? e.message : e))
      : Promise.resolve();
    void ready.then(() => !stale && setIdentified(uid));
    return () => {
      stale = true;
    };
  }, [uid, locale]);

  const identity = useCallback(
    (create: boolean) => {
      if (uid) return {};
      const anonymous_id = anonymousChatId(localStorage, create);
      return anonymous_id ? { anonymous_id } : null;
    },
    [uid],
  );

  const load = useCallback(async () => {
    const who = identity(false);
    if (!who) return;
    try {
      const { messages: newer } = await browserCall("chat.getConversation", "GET", { ...who, after: lastId.current }, { locale });
      if (newer.length) setMessages((list) => mergeMessages(list, newer));
    } catch (e) {
      console.warn("chat: reading the conversation failed", e instanceof Error ? e.message : e);
    }
  }, [identity, locale]);

  useEffect(() => {
    if (open && identified === uid) void load();
  }, [open, identified, uid, load]);

  // A player's replies arrive live; a visitor's open panel polls.
  useEffect(() => {
    if (uid) {
      return onAccountEvent(CHAT_MESSAGE_EVENT, (e) => {
        const message = (e.data as { message?: ChatMessage } | null)?.message;
        if (!message) return;
        setMessages((list) => mergeMessages(list, [message]));
      });
    }
    if (!open) return;
    const timer = setInterval(() => void load(), VISITOR_POLL_MS);
    return () => clearInterval(timer);
  }, [uid, open, load]);

  const send = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    setError("");
    try {
      const sent = await browserCall("chat.sendMessage", "POST", { ...identity(true), text: body }, { locale });
      setMessages((list) => mergeMessages(list, [sent.message]));
      setText("");
    } catch (err) {
      const wait = err instanceof PlatformError && err.status === 429 ? Number(err.params?.retry_after) || 60 : 0;
      setError(wait ? t("chat.tooMany", { seconds: wait }) : t("chat.failed"));
    } finally {
      setSending(false);
    }
  };

  if (!open) return null;
  return (
    <section id="chat-panel" className="chat__panel" aria-labelledby="chat-title">
      <header className="chat__head">
        <h2 id="chat-title">{t("chat.title")}</h2>
        <button type="button" className="chat__close" aria-label={t("chat.close")} onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </header>
      <div className="chat__log" role="log" aria-live="polite" data-testid="chat-log">
        {messages.length === 0 ? (
          <p className="chat__empty">{t("chat.empty")}</p>
        ) : (
          <ol className="chat__list">
            {messages.map((m) => (
              <li key={m.id} className={`chat__msg chat__msg--${m.author}`} data-author={m.author}>
                <span className="visually-hidden">{m.author === "operator" ? t("chat.operator") : t("chat.you")}: </span>
                {m.text}
              </li>
            ))}
          </ol>
        )}
      </div>
      <form className="chat__form" onSubmit={(e) => void send(e)}>
        <label htmlFor="chat-text" className="visually-hidden">
          {t("chat.message")}
        </label>
        <textarea
          id="chat-text"
          rows={2}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          aria-describedby={error ? "chat-error" : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) void send(e);
          }}
        />
        <button type="submit" className="btn btn--primary" disabled={sending}>
          {t("chat.send")}
        </button>
      </form>
      {error && (
        <p id="chat-error" role="alert" className="chat__error">
          {error}
        </p>
      )}
    </section>
  );
}
