import type { RouterContextProvider } from "react-router";
import { formatDate } from "../../../core/dates";
import { createT } from "../../lib/i18n/translate";
import { formatMoney } from "../../../core/money";
import { getPlatform } from "../../middleware/platform.server";
import type { UrlDialog } from "../../shell/dialog-types";
import { urlDialogId } from "../../ui/dialog/ids";
import { sectionOf } from "../site/section-messages";
import { getSite, sitePath } from "../site/site.server";
import type { CashbackPopupProps } from "../../shell/dialog-types";
import { LATEST_CASHBACK_QUERY, SEEN_CASHBACK_KEY, unseenCashback } from "./unseen-cashback";

/** The query key a closed cashback popup leaves on the page: that one stays closed while its "seen" is stored. */
export const CASHBACK_SEEN_KEY = "cashback_seen";

/**
 * SPEC §4's unseen-cashback popup for a signed-in player (decision 0040): the latest cashback
 * (cashbacks.get, count 1) and the stored already_seen_cashback_id (platform storage, per player)
 * decide it. It renders on the server (it shows without JavaScript), on any page but a game's,
 * texts translated here (the page may lack the profile's translations). Right after registration
 * it is not a URL dialog but `queued`: the post-registration queue shows it after the email
 * confirmation (SPEC §2). Either call failing shows nothing. The latest cashback is asked for with
 * the account (`site.playerRead`), so the two reads of the player's object go as one call
 * (workers/platform/player/coalesce.ts); a visitor asks nothing.
 */
export async function cashbackPopup(
  page: URL,
  context: Readonly<RouterContextProvider>,
): Promise<{ dialog: UrlDialog | null; queued: CashbackPopupProps | null }> {
  const none = { dialog: null, queued: null };
  if (sectionOf(page.pathname) === "game") return none;
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  // The latest cashback first (the player's object, no D1 read): most players have none, and then
  // the stored "seen" id, a D1 read on every page, is not needed (issue 39).
  const latest = await site
    .playerRead(() =>
      platform.call("cashbacks.get", LATEST_CASHBACK_QUERY).then(
        (l) => l.items[0] ?? null,
        () => null,
      ),
    )
    .catch(() => null); // the account's own failure is the root loader's to show
  if (!latest || !(await site.account()).is_registration_completed) return none;
  const seen = await platform.call("storage.get", { key: SEEN_CASHBACK_KEY }).catch(() => undefined);
  const cashback = unseenCashback(latest, seen);
  if (!cashback || page.searchParams.get(CASHBACK_SEEN_KEY) === cashback.id) return none;
  const t = createT(site.messages);
  const back = new URL(page);
  back.searchParams.delete(CASHBACK_SEEN_KEY);
  const amount = formatMoney(cashback.amount);
  const props: CashbackPopupProps = {
    id: cashback.id,
    title: t("profile.cashback.popupTitle"),
    text:
      cashback.status === "active"
        ? t("profile.cashback.popupText", { amount, from: formatDate(cashback.period_start), to: formatDate(cashback.end_date - 1) })
        : t("profile.cashback.popupPaid", { amount }),
    payout: cashback.status === "active" ? t("profile.cashback.payout") : null,
    close: t("profile.cashback.close"),
    details: t("profile.cashback.details"),
    action: sitePath(context, "/profile/cashback"),
    returnTo: back.pathname + back.search,
  };
  if (page.searchParams.get("register") === "success") return { dialog: null, queued: props };
  const close = new URL(back);
  close.searchParams.set(CASHBACK_SEEN_KEY, cashback.id);
  return {
    dialog: {
      id: urlDialogId(`cashback|${cashback.id}`),
      kind: "popup",
      name: "cashback",
      props: props,
      preventClose: false,
      closeHref: close.pathname + close.search,
    },
    queued: null,
  };
}
