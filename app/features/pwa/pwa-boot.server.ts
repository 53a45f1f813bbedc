import type { EntryContext } from "react-router";
import type { PlatformType } from "./platform";
import type { PwaTexts } from "./pwa-client";
import { inlineJson } from "../../lib/inline-json.server";

type RootSlice = { platform?: PlatformType; messages?: { pwa?: PwaTexts } } | undefined;

/**
 * The inline script (in the document head, server-rendered only: no bytes in the page's
 * JavaScript files) that loads /pwa.js on the first interaction — pointer, key, a scroll of the
 * page (not of an element: a row that scrolls itself into place at load is no visitor's act) — or
 * when the browser offers installing. In webViewApp it loads at once: the first click on a link to
 * another site must already go to the host app. Decision 0056.
 */
export function pwaBootScript(context: EntryContext): string {
  const root = context.staticHandlerContext.loaderData?.root as RootSlice;
  const platform: PlatformType = root?.platform ?? "default";
  const texts: PwaTexts = { install: root?.messages?.pwa?.install, dismiss: root?.messages?.pwa?.dismiss };
  const src = `/pwa.js?v=${encodeURIComponent(context.manifest.version)}`;
  const args = inlineJson([platform, texts]);
  const events = platform === "webViewApp" ? "[]" : '["pointerdown","keydown","touchstart","scroll","beforeinstallprompt"]';
  return (
    `;(function(){var a=${args},E=${events},go=function(e){if(e&&e.type==="scroll"&&e.target!==document)return;E.forEach(function(n){removeEventListener(n,go,true)});` +
    `import(${JSON.stringify(src)}).then(function(m){m.start(a[0],a[1],e||null)}).catch(function(){})};` +
    `if(!E.length)return go();E.forEach(function(n){addEventListener(n,go,{capture:true,passive:true})})})()`
  );
}
