import type { ChatProvider, SupportSettings } from "../../../core/api/contract-support";
import { readSetting } from "../core/settings";

/**
 * The operator's `support` setting (migrations/seed/settings.json): topics labelled per locale,
 * the support email, and the chat: the provider in use plus every provider's own keys, so an
 * operator switches provider by changing one word.
 */
export interface SupportSetting {
  email: string;
  topics: Array<{ id: string; label: Record<string, string> }>;
  chat: { provider: ChatProvider; providers: Partial<Record<ChatProvider, Record<string, string>>> };
}

export const readSupportSetting = (db: D1Database) => readSetting<SupportSetting>(db, "support");

/** Keys a provider's config may carry on the wire (SPEC §3 Chat settings). */
const CHAT_KEYS = ["id", "src", "license", "widget_id"] as const;

/** The setting as support.getsettings answers it: labels in `locale` (else the default's). */
export function supportSettingsFor(setting: SupportSetting, locale: string, defaultLocale: string): SupportSettings {
  const own = setting.chat.providers[setting.chat.provider] ?? {};
  const chat: SupportSettings["chat"] = { provider: setting.chat.provider, lang: locale };
  for (const key of CHAT_KEYS) if (typeof own[key] === "string") chat[key] = own[key];
  return {
    email: setting.email,
    topics: setting.topics.map((t) => ({ id: t.id, label: t.label[locale] ?? t.label[defaultLocale] ?? t.id })),
    chat,
  };
}
