import type { RouterContextProvider } from "react-router";
import type { UrlDialog } from "./dialog-types";
import { urlDialogId } from "../ui/dialog/ids";
import { getPlatform } from "../middleware/platform.server";
import { getSite } from "../features/site/site.server";
import { URL_DIALOG_KEYS } from "./url-dialog-keys";
import { completeBanners, type AccountInfo } from "../../core/api/entities";
import type { AuthFlash } from "../features/auth/auth-flash.server";
import type { AuthPopupProps } from "./dialog-types";
import { popupMode, withoutPopup } from "../features/auth/popup-url";
import { promoCodeFromSearch } from "../features/auth/promo-code";
import { verificationPopup } from "../features/verification/verification-popup.server";

function without(url: URL, keys: readonly string[]): string {
  const next = new URL(url);
  for (const k of keys) next.searchParams.delete(k);
  return next.pathname + next.search;
}

/**
 * Dialogs the URL names render on the server too, so they show before any JavaScript runs.
 * `?popup=<sysname>` shows a campaign popup to a signed-in player only (SPEC §5: campaign popups
 * apply only to authenticated users); a visitor's page ignores it. `prevent_close=1` makes it
 * non-closable. The operator's `#popup-preview` is the browser's (popup-preview.ts), for anyone.
 */
export async function loadUrlDialogs(
  url: URL,
  context: Readonly<RouterContextProvider>,
  opts: { account: AccountInfo | null; authFlash: AuthFlash | null },
): Promise<UrlDialog[]> {
  const dialogs: UrlDialog[] = [];
  const signedIn = !!opts.account && opts.account.uid > 0;
  // A signed-in player whose (social) registration is not complete gets the non-dismissible
  // social registration popup on every page (SPEC §2).
  if (signedIn && opts.account && !opts.account.is_registration_completed) {
    dialogs.push(await authPopup(url, context, "socialRegistration", opts.authFlash, { hasEmail: !!opts.account.email }));
    return dialogs;
  }
  // show_popup_auth / show_popup_reg open the authentication popup for visitors only (SPEC §2).
  const mode = popupMode(url.searchParams);
  if (mode && !signedIn) {
    dialogs.push(await authPopup(url, context, mode, opts.authFlash));
  }
  return [...dialogs, ...verificationPopup(url, context, opts.account), ...(signedIn ? await campaignPopup(url, context) : [])];
}

/**
 * A promo link (`?promo_code=`, the last one if several; SPEC §4) fills the registration's promo
 * field on the server, so it works without JavaScript; what the player typed in a refused
 * attempt (the flash) wins over it.
 */
function withUrlPromoCode(flash: AuthFlash | null, q: URLSearchParams): AuthFlash | null {
  const code = promoCodeFromSearch(q);
  const own = flash?.mode === "registration" ? flash : null;
  if (!code || own?.values?.promo_code !== undefined) return flash;
  return { ...(own ?? { mode: "registration" }), values: { ...own?.values, promo_code: code } };
}

/** The authentication popup with what its mode needs: the registration fields, the banner, a reset token. */
async function authPopup(
  url: URL,
  context: Readonly<RouterContextProvider>,
  mode: NonNullable<ReturnType<typeof popupMode>> | "socialRegistration",
  flash: AuthFlash | null,
  account?: { hasEmail: boolean },
): Promise<UrlDialog> {
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  const q = url.searchParams;
  const country = q.get("reg_country") ?? flash?.values?.country_code ?? "";
  const [personalData, banners, characters] =
    mode === "registration"
      ? await Promise.all([
          platform.call("account.getPersonalDataFields", /^[A-Z]{2}$/.test(country) ? { country_code: country } : {}).catch((e) => {
            console.error("auth popup: personal data fields failed", e);
            return null;
          }),
          // SPEC §2: the character selector, when on, shows instead of the banner.
          site.cms.auth.registrationOptions.showCharacterSelect
            ? { items: [] }
            : platform.call("banners.get", { position: "auth", count: 1 }).catch(() => ({ items: [] })),
          site.cms.auth.registrationOptions.showCharacterSelect
            ? platform
                .call("loyalty.getcharacters", { limit: 100 })
                .then((r) => r.items)
                .catch(() => null)
            : null,
        ])
      : [null, { items: [] }, null];
  const token = q.get("reset_token");
  const props: AuthPopupProps = {
    mode,
    flash: mode === "registration" ? withUrlPromoCode(flash, q) : flash,
    config: site.cms.auth,
    regType: q.get("reg_type"),
    personalData,
    resetToken: mode === "restore" && token && /^[0-9a-f]{16,128}$/i.test(token) ? token : null,
    banner: completeBanners(banners)[0] ?? null,
    characters,
    account,
  };
  return {
    id: urlDialogId(`auth|${mode}|${props.regType ?? ""}|${props.resetToken ?? ""}`),
    kind: "popup",
    name: "auth",
    props: props,
    preventClose: mode === "socialRegistration" || q.get("prevent_close") === "1",
    closeHref: withoutPopup(url.pathname + url.search),
  };
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
      id: urlDialogId(`campaignPopup|${sysname}`),
      kind: "popup",
      name: "campaignPopup",
      props: popup,
      preventClose: url.searchParams.get("prevent_close") === "1",
      closeHref: without(url, URL_DIALOG_KEYS),
    },
  ];
}
