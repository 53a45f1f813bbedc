/** HMAC-SHA256 signatures for links the platform mails out (unsubscribe and the like). */

const enc = new TextEncoder();

function toBase64Url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function key(secret: string) {
  return crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export async function sign(secret: string, purpose: string, value: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await key(secret), enc.encode(`${purpose}:${value}`)));
}

/** Constant-time comparison of a presented token with the expected one. */
export async function verify(secret: string, purpose: string, value: string, token: string): Promise<boolean> {
  const expected = await sign(secret, purpose, value);
  if (expected.length !== token.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return diff === 0;
}
