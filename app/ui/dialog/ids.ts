const ALPHABET = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";

/** A 21-character random id from a URL-safe alphabet (SPEC §9 dialog ids). */
export function dialogId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  let id = "";
  for (const b of bytes) id += ALPHABET[b & 63];
  return id;
}

/**
 * A 21-character id fixed by `key`, for dialogs the URL names: the same URL dialog keeps its id
 * when the page's data reloads, so it stays mounted (and keeps what the player typed) instead of
 * closing and opening again.
 */
export function urlDialogId(key: string): string {
  // FNV-1a, stretched over 21 characters: a stable name, not a secret.
  let h = 0x811c9dc5;
  let id = "";
  for (let i = 0; i < 21; i++) {
    for (const ch of `${key}#${i}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    id += ALPHABET[h & 63];
  }
  return id;
}
