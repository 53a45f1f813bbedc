import { browserCall } from "../../lib/api/browser-call";
import { PlatformError } from "../../../core/api/errors";
import { telegramLaunchPayload } from "./telegram-launch";

/**
 * Messenger mini-app sign-in (SPEC §4, §7): the launch data Telegram put in the URL fragment goes
 * to auth.register (is_tg=1), which verifies it and signs the player in; the page then reloads
 * signed in, without the fragment. Returns the error message to show as a toast, if any.
 */
export async function signInFromMiniApp(hash: string, locale?: string): Promise<string | null> {
  const payload = telegramLaunchPayload(hash);
  if (!payload) return null;
  try {
    await browserCall("auth.register", "POST", { ...payload }, { locale });
  } catch (e) {
    return e instanceof PlatformError ? e.message : "Messenger sign-in failed";
  }
  window.location.replace(window.location.pathname + window.location.search);
  return null;
}
