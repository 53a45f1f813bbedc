import { ANONYMOUS_ID } from "../../../core/api/chat-limits";

/**
 * A visitor's anonymous chat identity (decision 0055): 32 random hex digits in local storage,
 * made on first need. After sign-in it is handed to the player (chat.identify) and forgotten, so
 * whoever uses this browser after the logout starts a new, empty chat.
 */
export const ANONYMOUS_KEY = "pf_chat_anonymous";

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The stored id, or null; with `create`, a new one when none (or a malformed one) is stored. */
export function anonymousChatId(storage: Storage, create: boolean): string | null {
  let id: string | null = null;
  try {
    id = storage.getItem(ANONYMOUS_KEY);
  } catch {
    // Storage refused (private mode): the chat still works for this page's lifetime.
  }
  if (id && ANONYMOUS_ID.test(id)) return id;
  if (!create) return null;
  id = randomId();
  try {
    storage.setItem(ANONYMOUS_KEY, id);
  } catch {
    // See above.
  }
  return id;
}

export function forgetAnonymousChatId(storage: Storage): void {
  try {
    storage.removeItem(ANONYMOUS_KEY);
  } catch {
    // Nothing stored then.
  }
}

/** Set while a player's page ran the chat: a page without a player afterwards means a sign-out. */
export const PLAYER_MARK_KEY = "pf_chat_player";

/**
 * The reset after sign-out (SPEC §4), which a full-page sign-out would otherwise miss: the first
 * visitor page after a player's forgets the anonymous id, so the next chat is a new visitor's.
 */
export function resetAfterSignOut(storage: Storage, uid: number | null): void {
  try {
    if (uid) storage.setItem(PLAYER_MARK_KEY, "1");
    else if (storage.getItem(PLAYER_MARK_KEY)) {
      storage.removeItem(PLAYER_MARK_KEY);
      storage.removeItem(ANONYMOUS_KEY);
    }
  } catch {
    // Storage refused: nothing was kept either.
  }
}
