/**
 * The player's last searches, newest first, in this browser's localStorage. Storage that is
 * missing, full, switched off (private modes throw) or holds something else than a list of texts
 * reads as no searches: recent queries are a convenience, never a reason for an error.
 */

export const RECENT_KEY = "playfront.search.recent";
export const MAX_RECENT = 5;
const MAX_LENGTH = 100;

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function storage(): StorageLike | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readRecent(store: StorageLike | null = storage()): string[] {
  try {
    const value: unknown = JSON.parse(store?.getItem(RECENT_KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    const texts = value.filter((v): v is string => typeof v === "string" && v.trim() !== "" && v.length <= MAX_LENGTH);
    return [...new Set(texts)].slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

/** Puts `query` first (moving it up if it was there already) and keeps the last MAX_RECENT. */
export function addRecent(query: string, store: StorageLike | null = storage()): string[] {
  const text = query.trim();
  if (!text || text.length > MAX_LENGTH) return readRecent(store);
  const list = [text, ...readRecent(store).filter((q) => q !== text)].slice(0, MAX_RECENT);
  try {
    store?.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Full or refused: the list simply is not remembered.
  }
  return list;
}

export function clearRecent(store: StorageLike | null = storage()): void {
  try {
    store?.removeItem(RECENT_KEY);
  } catch {
    // Nothing to do: the next read fails the same way and shows no searches.
  }
}
