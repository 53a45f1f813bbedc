import type { ChatProvider, ChatSettings } from "../../../../core/api/contract-support";
import type { ChatAdapter, ChatPerson, ChatWindow } from "./adapter";

/** The widgets' hide poll (SPEC §9: 100 ms): a widget may show itself again after it was hidden. */
export const HIDE_POLL_MS = 100;

type AdapterFactory = (win: ChatWindow) => ChatAdapter;
type ThirdParty = Exclude<ChatProvider, "demo">;

/** Each adapter is its own chunk: a site loads only the provider it uses. */
export const ADAPTERS: Record<ThirdParty, () => Promise<{ default: AdapterFactory }>> = {
  live_tex: () => import("./live-tex"),
  freshChat: () => import("./fresh-chat"),
  liveChat: () => import("./live-chat"),
  verbox: () => import("./verbox"),
  betunlim: () => import("./betunlim"),
  jivoSite: () => import("./jivo-site"),
  comm100: () => import("./comm100"),
};

export interface ChatController {
  identify(person: ChatPerson): void;
  reset(): void;
  /** On a betting or game route: hidden, and kept hidden by the poll while there. */
  setHidden(hidden: boolean): void;
  stop(): void;
}

/**
 * Loads the configured provider's adapter and script. A failure (unknown provider, script that
 * does not load) is logged and the chat skipped: answers null, the page goes on without chat.
 */
export async function startChatProvider(
  config: ChatSettings,
  win: ChatWindow,
  adapters: Partial<Record<string, () => Promise<{ default: AdapterFactory }>>> = ADAPTERS,
): Promise<ChatController | null> {
  let adapter: ChatAdapter;
  try {
    const factory = adapters[config.provider];
    if (!factory) throw new Error(`chat: no adapter for provider ${config.provider}`);
    adapter = (await factory()).default(win);
    await adapter.load(config);
  } catch (e) {
    console.error(`chat: ${config.provider} failed to load; chat skipped`, e instanceof Error ? e.message : e);
    return null;
  }
  let poll: ReturnType<typeof setInterval> | undefined;
  const stopPoll = () => {
    clearInterval(poll);
    poll = undefined;
  };
  return {
    identify(person) {
      adapter.identify(person).catch((e: unknown) => console.warn(`chat: ${config.provider} identify failed`, e instanceof Error ? e.message : e));
    },
    reset: () => adapter.reset(),
    setHidden(hidden) {
      if (!hidden) {
        stopPoll();
        adapter.show();
        return;
      }
      adapter.hide();
      poll ??= setInterval(() => adapter.hide(), HIDE_POLL_MS);
    },
    stop: stopPoll,
  };
}
