import { displayWidget, injectScript, isPlayer, whenReady, type ChatAdapter, type ChatWindow } from "./adapter";

/** JivoSite: code.jivosite.com/widget/<widget_id> defines `jivo_api`; its widget lives in <jdiv> elements. */
interface JivoApi {
  setContactInfo(info: { name?: string; email?: string }): void;
  setCustomData(fields: Array<{ title: string; content: string }>): void;
  clearHistory(): void;
  close(): void;
}

export function jivoSite(win: ChatWindow): ChatAdapter {
  const api = () => whenReady(win, () => win.jivo_api as JivoApi | undefined);
  return {
    async load(config) {
      if (!config.widget_id) throw new Error("chat: jivoSite needs widget_id");
      await injectScript(win, `${config.src || "https://code.jivosite.com/widget/"}${encodeURIComponent(config.widget_id)}`);
    },
    async identify(person) {
      const jivo = await api();
      if (!isPlayer(person)) return jivo.setCustomData([{ title: "visitor", content: person.anonymousId }]);
      jivo.setContactInfo({ name: person.name, email: person.email });
      jivo.setCustomData([{ title: "uid", content: String(person.uid) }]);
    },
    reset: () => (win.jivo_api as JivoApi | undefined)?.clearHistory(),
    show: () => displayWidget(win, "jdiv", true),
    hide: () => {
      (win.jivo_api as JivoApi | undefined)?.close();
      displayWidget(win, "jdiv", false);
    },
  };
}
export default jivoSite;
