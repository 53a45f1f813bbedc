import { injectScript, isPlayer, whenReady, type ChatAdapter, type ChatWindow } from "./adapter";

/** LiveChat: `window.__lc = { license }`, then cdn.livechatinc.com/tracking.js defines `LiveChatWidget`. */
interface LiveChatWidget {
  call(method: string, value?: unknown): void;
}

export function liveChat(win: ChatWindow): ChatAdapter {
  const widget = () => win.LiveChatWidget as LiveChatWidget | undefined;
  const api = () => whenReady(win, widget);
  return {
    async load(config) {
      if (!config.license) throw new Error("chat: liveChat needs license");
      win.__lc = { ...(win.__lc ?? {}), license: Number(config.license) || config.license };
      await injectScript(win, config.src || "https://cdn.livechatinc.com/tracking.js");
    },
    async identify(person) {
      const lc = await api();
      if (!isPlayer(person)) return lc.call("set_session_variables", { visitor: person.anonymousId });
      if (person.name) lc.call("set_customer_name", person.name);
      if (person.email) lc.call("set_customer_email", person.email);
      lc.call("set_session_variables", { uid: String(person.uid) });
    },
    reset: () => {
      widget()?.call("set_customer_name", "");
      widget()?.call("set_customer_email", "");
      widget()?.call("set_session_variables", {});
    },
    show: () => widget()?.call("minimize"),
    hide: () => widget()?.call("hide"),
  };
}
export default liveChat;
