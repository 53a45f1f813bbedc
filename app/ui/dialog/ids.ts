const ALPHABET = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict";

/** A 21-character random id from a URL-safe alphabet (SPEC §9 dialog ids). */
export function dialogId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  let id = "";
  for (const b of bytes) id += ALPHABET[b & 63];
  return id;
}
