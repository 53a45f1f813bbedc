import { browserCall } from "../../lib/api/browser-call";

/**
 * SPEC §2: `#popup-preview` with a `popup` query parameter previews that campaign popup, also a
 * switched-off one (popups.get preview=1). The parameter may sit in the page's query
 * (`/?popup=x#popup-preview`) or after the hash (`/#popup-preview?popup=x`). The hash never reaches
 * the server, so this runs in the browser only.
 */
export function previewSysname(search: string, hash: string): string | null {
  if (!hash.startsWith("#popup-preview")) return null;
  const inHash = hash.indexOf("?");
  const name = new URLSearchParams(inHash >= 0 ? hash.slice(inHash) : "").get("popup") ?? new URLSearchParams(search).get("popup");
  return name && /^[a-z0-9_-]{1,64}$/i.test(name) ? name : null;
}

export async function loadPreview(sysname: string, locale: string) {
  const { items } = await browserCall("popups.get", "GET", { sysname, preview: "1" }, { locale });
  return items[0] ?? null;
}
