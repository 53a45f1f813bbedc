import type { RouterContextProvider } from "react-router";
import type { AccountInfo } from "../../../core/api/entities";
import { getPlatform } from "../../middleware/platform.server";
import type { UrlDialog } from "../../shell/dialog-types";
import { urlDialogId } from "../../ui/dialog/ids";
import { sectionOf } from "../site/section-messages";
import type { CampaignPopupClose } from "../../shell/dialog-types";
import { getSite, sitePath } from "../site/site.server";
import { closedPopups } from "./popups-closed";

/** The query key a closed campaign popup leaves on the page: it stays closed there while its close is recorded. */
export const CAMPAIGN_SEEN_KEY = "popup_seen";

/** `/promotions?popup_closed=<sysname>&returnTo=<path>`: the popup's close link, which records the close and goes back (promotions.server.ts). */
export const CAMPAIGN_CLOSED_KEY = "popup_closed";

/**
 * SPEC §4: after login the campaign popup is queued after the unseen-cashback popup (decision
 * 0045). The due popup is the first one popups.get lists with an audience event (the platform
 * lists it only to a signed-in player who recorded that event since last closing it). It is a URL
 * dialog, so it shows without JavaScript; the caller adds it only when no other URL dialog shows,
 * so it comes when the cashback popup has been closed (its close link reloads the page's data).
 * Signed-in, completed accounts only; never on a game page, an embedded form (`/forms/…`, inside
 * another site) or right after registration (the post-registration queue has its own welcome
 * popup); never one this browser closed (`popups-closed.ts`).
 */
export async function loginCampaignPopup(
  page: URL,
  context: Readonly<RouterContextProvider>,
  account: AccountInfo | null,
  cookie: string | null,
): Promise<UrlDialog | null> {
  if (!account || account.uid <= 0 || !account.is_registration_completed) return null;
  if (sectionOf(page.pathname) === "game" || page.searchParams.get("register") === "success") return null;
  if (/(^|\/)forms\//.test(page.pathname)) return null;
  const closed = closedPopups(cookie);
  const site = getSite(context);
  const { items } = await getPlatform(context)
    .withLocale(site.locale)
    .call("popups.get", {})
    .catch(() => ({ items: [] }));
  const popup = items.find((p) => p.audience_event && p.sysname !== page.searchParams.get(CAMPAIGN_SEEN_KEY) && !closed.includes(p.sysname));
  if (!popup) return null;
  const back = new URL(page);
  back.searchParams.delete(CAMPAIGN_SEEN_KEY);
  // Its × (and Escape, the overlay with JavaScript) goes through /promotions, which records the
  // close and remembers it for the browser session, then back: closed once, closed on every page.
  const close = new URL(sitePath(context, "/promotions"), page);
  close.searchParams.set(CAMPAIGN_CLOSED_KEY, popup.sysname);
  close.searchParams.set("returnTo", back.pathname + back.search);
  const recording: CampaignPopupClose = { recordClose: true, closeAction: sitePath(context, "/promotions"), returnTo: back.pathname + back.search };
  return {
    id: urlDialogId(`loginCampaign|${popup.sysname}`),
    kind: "popup",
    name: "campaignPopup",
    props: { ...popup, ...recording },
    preventClose: false,
    closeHref: close.pathname + close.search,
  };
}
