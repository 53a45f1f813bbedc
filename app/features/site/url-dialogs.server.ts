import type { RouterContextProvider } from "react-router";
import type { UrlDialog } from "../../ui/dialog/dialogs";
import { dialogId } from "../../ui/dialog/ids";
import { getPlatform } from "../../middleware/platform.server";
import { getSite } from "./site.server";
import { URL_DIALOG_KEYS } from "./url-dialog-keys";
import type { AuthFlash } from "../auth/auth-flash.server";
import { popupMode, withoutPopup } from "../auth/popup-url";
import { preloadAuthPopup } from "../dialogs";


function without(url: URL, keys: readonly string[]): string {
  const next = new URL(url);
  for (const k of keys) next.searchParams.delete(k);
  return next.pathname + next.search;
}

/**
 * Dialogs the URL names render on the server too, so they show before any JavaScript runs.
 * `?popup=<sysname>` previews a campaign popup; `prevent_close=1` makes it non-closable.
 */
export async function loadUrlDialogs(
  url: URL,
  context: Readonly<RouterContextProvider>,
  opts: { signedIn: boolean; authFlash: AuthFlash | null },
): Promise<UrlDialog[]> {
  const dialogs: UrlDialog[] = [];
  const site = getSite(context);
  // show_popup_auth / show_popup_reg open the authentication popup for visitors only (SPEC §2).
  const mode = popupMode(url.searchParams);
  if (mode && !opts.signedIn) {
    await preloadAuthPopup();
    const reg = site.cms.auth.registrationOptions;
    dialogs.push({
      id: dialogId(),
      kind: "popup",
      name: "auth",
      props: { mode, flash: opts.authFlash, termsRequired: reg.terms.isActive, notifyDefault: reg.notify.defaultValue },
      preventClose: url.searchParams.get("prevent_close") === "1",
      closeHref: withoutPopup(url.pathname + url.search),
    });
  }
  return [...dialogs, ...(await campaignPopup(url, context))];
}

async function campaignPopup(url: URL, context: Readonly<RouterContextProvider>): Promise<UrlDialog[]> {
  const sysname = url.searchParams.get("popup");
  if (!sysname || !/^[a-z0-9_-]{1,64}$/i.test(sysname)) return [];
  const site = getSite(context);
  const { items } = await getPlatform(context)
    .withLocale(site.locale)
    .call("popups.get", { sysname })
    .catch((e) => {
      console.error("popups: failed to load", e);
      return { items: [] };
    });
  const popup = items[0];
  if (!popup) return [];
  return [
    {
      id: dialogId(),
      kind: "popup",
      name: "campaignPopup",
      props: popup as unknown as Record<string, unknown>,
      preventClose: url.searchParams.get("prevent_close") === "1",
      closeHref: without(url, URL_DIALOG_KEYS),
    },
  ];
}
