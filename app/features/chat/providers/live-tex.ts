import { displayWidget, injectScript, isPlayer, whenReady, type ChatAdapter, type ChatWindow } from "./adapter";

/** LiveTex: `liveTexID` set, then cdn.livetex.ru/js/client.js defines `LiveTex`; its widget is `#lt-…`. */
interface LiveTexApi {
  setName?(name: string): void;
  setVisitorAttributes?(attributes: Record<string, unknown>): void;
}

export function liveTex(win: ChatWindow): ChatAdapter {
  const api = () => whenReady(win, () => win.LiveTex as LiveTexApi | undefined);
  return {
    async load(config) {
      if (!config.id) throw new Error("chat: live_tex needs id");
      win.liveTex = true;
      win.liveTexID = Number(config.id) || config.id;
      win.liveTex_object = true;
      await injectScript(win, config.src || "https://cdn.livetex.ru/js/client.js");
    },
    async identify(person) {
      const lt = await api();
      if (!isPlayer(person)) return lt.setVisitorAttributes?.({ visitor: person.anonymousId });
      if (person.name) lt.setName?.(person.name);
      lt.setVisitorAttributes?.({ uid: String(person.uid), email: person.email });
    },
    reset: () => (win.LiveTex as LiveTexApi | undefined)?.setVisitorAttributes?.({}),
    show: () => displayWidget(win, "[id^='lt-'], .lt-label", true),
    hide: () => displayWidget(win, "[id^='lt-'], .lt-label", false),
  };
}
export default liveTex;
