import type { ChatSettings } from "../../../../core/api/contract-support";

/**
 * One chat provider behind one interface (SPEC §9; decision 0055). Each provider's module injects
 * its script from the provider's host with the config's keys, then talks to the global the script
 * defines. The window is passed in so unit tests run the adapters against local stand-ins.
 */
// biome-ignore lint/suspicious/noExplicitAny: the provider scripts' globals are untyped; each adapter checks what it reads
export type ChatWindow = { document: Document; setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } & Record<string, any>;

/** A signed-in player, or a visitor by the anonymous chat id. */
export type ChatPerson = { uid: number; name?: string; email?: string } | { anonymousId: string };

export interface ChatAdapter {
  /** Injects the provider's script; rejects when it cannot load (the caller logs and skips chat). */
  load(config: ChatSettings): Promise<void>;
  /** Sets who is chatting, retrying every 500 ms until the provider's API is there (bounded). */
  identify(person: ChatPerson): Promise<void>;
  /** After sign-out: forget the player (the widget's next chat is anonymous). */
  reset(): void;
  show(): void;
  hide(): void;
}

export const IDENTIFY_RETRY_MS = 500;
export const IDENTIFY_ATTEMPTS = 20;

/** Adds `<script async src>` to the head; resolves on load, rejects on error. */
export function injectScript(win: ChatWindow, src: string, attrs: Record<string, string> = {}): Promise<void> {
  if (!/^https:\/\//.test(src)) return Promise.reject(new Error(`chat: script address ${JSON.stringify(src)} is not https`));
  return new Promise((resolve, reject) => {
    const script = win.document.createElement("script");
    script.async = true;
    for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v);
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`chat: ${src} failed to load`));
    script.src = src;
    win.document.head.appendChild(script);
  });
}

/** The provider's API once `probe` finds it: tried now, then every 500 ms, at most 20 times. */
export function whenReady<T>(win: ChatWindow, probe: () => T | null | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    let attempts = 0;
    const attempt = () => {
      const api = probe();
      if (api) return resolve(api);
      if (++attempts >= IDENTIFY_ATTEMPTS) return reject(new Error("chat: the provider's API did not appear"));
      win.setTimeout(attempt, IDENTIFY_RETRY_MS);
    };
    attempt();
  });
}

/** Hides or shows the provider's widget elements (for providers whose API has no hide). */
export function displayWidget(win: ChatWindow, selector: string, visible: boolean): void {
  win.document.querySelectorAll<HTMLElement>(selector).forEach((el) => {
    el.style.display = visible ? "" : "none";
  });
}

export const isPlayer = (p: ChatPerson): p is Extract<ChatPerson, { uid: number }> => "uid" in p;
