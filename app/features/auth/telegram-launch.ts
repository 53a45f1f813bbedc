/**
 * Telegram Mini App launch data (SPEC §4 messenger-app registration, §7 its payload).
 * Telegram opens a mini app with `#tgWebAppData=<url-encoded initData>&tgWebAppVersion=…` in the
 * URL fragment. initData is itself a query string (query_id, user as JSON, auth_date, hash, …)
 * that the platform verifies with the bot token, so it travels unchanged as `payload`; the other
 * fields are read from it only to fill the registration form.
 */

export interface TelegramLaunchPayload {
  is_tg: "1";
  /** The Telegram user id, as form data carries it. */
  id: string;
  /** Telegram usernames are optional: "" when the user has none. */
  username: string;
  /** initData's HMAC-SHA256 signature (64 lowercase hex digits), checked by the platform. */
  hash: string;
  /** "" when Telegram did not send one. */
  language_code: string;
  /** The raw initData string, exactly as Telegram signed it. */
  payload: string;
}

/** Real initData is well under a kilobyte; the registration call takes at most 4096 characters. */
const MAX_INIT_DATA = 4096;

/** The registration payload of a mini-app launch, or null when the fragment holds none (or a broken one). */
export function telegramLaunchPayload(hash: string): TelegramLaunchPayload | null {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  if (!fragment.includes("tgWebAppData=")) return null;
  const initData = new URLSearchParams(fragment).get("tgWebAppData");
  if (!initData || initData.length > MAX_INIT_DATA) return null;

  const data = new URLSearchParams(initData);
  const signature = data.get("hash") ?? "";
  if (!/^[0-9a-f]{64}$/.test(signature)) return null;

  const user = parseUser(data.get("user"));
  if (!user) return null;
  return {
    is_tg: "1",
    id: String(user.id),
    username: user.username,
    hash: signature,
    language_code: user.language_code,
    payload: initData,
  };
}

function parseUser(json: string | null): { id: number; username: string; language_code: string } | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { id, username, language_code } = value as Record<string, unknown>;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return null;
  return {
    id,
    username: typeof username === "string" ? username : "",
    language_code: typeof language_code === "string" ? language_code : "",
  };
}
