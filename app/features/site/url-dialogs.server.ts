import type { RouterContextProvider } from "react-router";
import type { UrlDialog } from "../../ui/dialog/dialogs";
import { dialogId } from "../../ui/dialog/ids";
import { getPlatform } from "../../middleware/platform.server";
import { getSite } from "./site.server";
import { URL_DIALOG_KEYS } from "./url-dialog-keys";


function without(url: URL, keys: readonly string[]): string {
  const next = new URL(url);
  for (const k of keys) next.searchParams.delete(k);
  return next.pathname + next.search;
}

/**
 * Dialogs the URL names render on the server too, so they show before any JavaScript runs.
 * `?popup=<sysname>` previews a campaign popup; `prevent_close=1` makes it non-closable.
 */
export async function loadUrlDialogs(url: URL, context: Readonly<RouterContextProvider>): Promise<UrlDialog[]> {
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
