import type { RouterContextProvider } from "react-router";
import type { AccountInfo } from "../../../core/api/entities";
import { createT } from "../../lib/i18n/translate";
import type { UrlDialog } from "../../shell/dialog-types";
import { urlDialogId } from "../../ui/dialog/ids";
import { getSite, sitePath } from "../site/site.server";
import type { VerificationPopupProps } from "../../shell/dialog-types";

/** The query key of the identity-verification popup: 1 opens it, 0 (its close) keeps it closed on the withdraw screen. */
export const VERIFICATION_POPUP_KEY = "show_popup_verification";

/** The withdraw screen, plain or under a locale, reached from the cashier (not a method's link, which carries `method`). */
const WITHDRAW = /^(?:\/[^/]+)?\/cashier\/withdraw\/?$/;

/**
 * SPEC §2's identity-verification popup, for a KYC-blocked player who is not verified: opened by
 * `?show_popup_verification=1` on any page, and by itself when they land on the withdraw screen
 * (where they would only be refused). Closing it goes to `=0`, so it does not open again there.
 * Its texts are translated here: on a page outside the cashier the browser lacks its namespace.
 */
export function verificationPopup(url: URL, context: Readonly<RouterContextProvider>, account: AccountInfo | null): UrlDialog[] {
  if (!account || account.uid <= 0 || !account.is_kyc_block_enabled || account.is_verified) return [];
  const asked = url.searchParams.get(VERIFICATION_POPUP_KEY);
  const landed = asked === null && WITHDRAW.test(url.pathname) && !url.searchParams.has("method");
  if (asked !== "1" && !landed) return [];
  const t = createT(getSite(context).messages);
  const pending = account.is_on_verification;
  const props: VerificationPopupProps = {
    title: t("cashier.verificationPopup.title"),
    text: t(pending ? "cashier.verificationPopup.pending" : "cashier.verificationPopup.text"),
    go: t(pending ? "cashier.verificationPopup.status" : "cashier.verificationPopup.go"),
    href: sitePath(context, "/profile/verification"),
  };
  const close = new URL(url);
  close.searchParams.set(VERIFICATION_POPUP_KEY, "0");
  return [
    {
      id: urlDialogId(`verification|${pending ? "pending" : "required"}`),
      kind: "popup",
      name: "verification",
      props: props,
      preventClose: false,
      closeHref: close.pathname + close.search,
    },
  ];
}
