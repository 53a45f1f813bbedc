import { displayWidget, injectScript, isPlayer, whenReady, type ChatAdapter, type ChatWindow } from "./adapter";

/** Verbox: admin.verbox.ru/support/support.js?h=<id> defines the `Verbox` command function. */
type VerboxApi = (command: string, value?: unknown) => void;

export function verbox(win: ChatWindow): ChatAdapter {
  const api = () => whenReady(win, () => win.Verbox as VerboxApi | undefined);
  return {
    async load(config) {
      if (!config.id) throw new Error("chat: verbox needs id");
      await injectScript(win, `${config.src || "https://admin.verbox.ru/support/support.js"}?h=${encodeURIComponent(config.id)}`);
    },
    async identify(person) {
      const vb = await api();
      vb("setClientInfo", isPlayer(person) ? { name: person.name, email: person.email, uid: String(person.uid) } : { visitor: person.anonymousId });
    },
    reset: () => (win.Verbox as VerboxApi | undefined)?.("setClientInfo", {}),
    show: () => displayWidget(win, "#supportTrigger, [id^='verbox']", true),
    hide: () => displayWidget(win, "#supportTrigger, [id^='verbox']", false),
  };
}
export default verbox;
