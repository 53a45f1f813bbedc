import { displayWidget, injectScript, isPlayer, whenReady, type ChatAdapter, type ChatWindow } from "./adapter";

/** Betunlim: the operator's `src` (with `id`) defines `BetunlimChat` with identify/reset. */
interface BetunlimApi {
  identify(user: Record<string, unknown>): void;
  reset(): void;
}

export function betunlim(win: ChatWindow): ChatAdapter {
  const api = () => whenReady(win, () => win.BetunlimChat as BetunlimApi | undefined);
  return {
    async load(config) {
      if (!config.src || !config.id) throw new Error("chat: betunlim needs src and id");
      const url = new URL(config.src);
      url.searchParams.set("id", config.id);
      url.searchParams.set("lang", config.lang);
      await injectScript(win, url.href);
    },
    async identify(person) {
      (await api()).identify(isPlayer(person) ? { uid: person.uid, name: person.name, email: person.email } : { anonymous_id: person.anonymousId });
    },
    reset: () => (win.BetunlimChat as BetunlimApi | undefined)?.reset(),
    show: () => displayWidget(win, "[id^='betunlim-chat']", true),
    hide: () => displayWidget(win, "[id^='betunlim-chat']", false),
  };
}
export default betunlim;
