import { timingSafeEqual, toHex } from "../core/bytes";

/**
 * Telegram mini-app (WebApp) initData, checked with Telegram's own scheme:
 * data_check_string = every `key=value` of the payload but `hash`, sorted by key, joined by "\n";
 * secret_key = HMAC-SHA256(key "WebAppData", bot token); the payload is Telegram's when
 * hex(HMAC-SHA256(secret_key, data_check_string)) equals its hash.
 * https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app
 */

const enc = new TextEncoder();
/** initData older than this is refused (a leaked payload stops working). */
export const TELEGRAM_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Clock skew tolerated for an auth_date slightly in the future. */
const FUTURE_SKEW_MS = 5 * 60 * 1000;

async function hmac(key: Uint8Array<ArrayBuffer> | ArrayBuffer, message: string): Promise<ArrayBuffer> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", k, enc.encode(message));
}

function dataCheckString(params: URLSearchParams): string {
  return [...params]
    .filter(([k]) => k !== "hash")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");
}

async function expectedHash(params: URLSearchParams, botToken: string): Promise<string> {
  const secret = await hmac(enc.encode("WebAppData"), botToken);
  return toHex(await hmac(secret, dataCheckString(params)));
}

export interface TelegramUser {
  id: string;
  username: string;
  language_code: string;
}

/**
 * The user of a genuine, fresh initData whose hash is `hash` and whose user is `id`; null for
 * anything else (the caller answers one message whatever failed).
 */
export async function verifyInitData(
  payload: string,
  { id, hash, botToken, now = Date.now() }: { id: string; hash: string; botToken: string; now?: number },
): Promise<TelegramUser | null> {
  const params = new URLSearchParams(payload);
  const keys = [...params.keys()];
  // Each key once: a repeated key would make the signed data ambiguous.
  if (new Set(keys).size !== keys.length) return null;
  const signed = params.get("hash") ?? "";
  if (!/^[0-9a-f]{64}$/.test(signed) || signed !== hash) return null;
  if (!timingSafeEqual(enc.encode(await expectedHash(params, botToken)), enc.encode(signed))) return null;

  const authDate = Number(params.get("auth_date"));
  if (!Number.isInteger(authDate) || authDate <= 0) return null;
  const age = now - authDate * 1000;
  if (age > TELEGRAM_MAX_AGE_MS || age < -FUTURE_SKEW_MS) return null;

  let user: { id?: unknown; username?: unknown; language_code?: unknown };
  try {
    user = JSON.parse(params.get("user") ?? "");
  } catch {
    return null;
  }
  if (typeof user !== "object" || user === null || (typeof user.id !== "number" && typeof user.id !== "string") || String(user.id) !== id) {
    return null;
  }
  return {
    id,
    username: typeof user.username === "string" ? user.username : "",
    language_code: typeof user.language_code === "string" ? user.language_code : "",
  };
}

/**
 * Test helper: the initData a mini app would receive, signed for this bot token as Telegram
 * signs it (fields in the order given, then `hash`). Lets e2e and Worker tests build valid and
 * invalid payloads.
 */
export async function signInitData(botToken: string, fields: Record<string, string>): Promise<{ payload: string; hash: string }> {
  const params = new URLSearchParams(fields);
  params.delete("hash");
  const hash = await expectedHash(params, botToken);
  params.append("hash", hash);
  return { payload: params.toString(), hash };
}

/** Test helper: the fields of a typical initData for this user, auth_date now (or `authDate` seconds). */
export function initDataFields(user: { id: number; username?: string; first_name?: string; language_code?: string }, authDate = Math.floor(Date.now() / 1000)) {
  return {
    query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
    user: JSON.stringify({ first_name: "Demo", ...user }),
    auth_date: String(authDate),
  };
}
