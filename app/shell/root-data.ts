import type { CmsConfig } from "../../core/api/cms";
import type { AccountInfo, SiteMetadata } from "../../core/api/entities";
import type { LocaleData } from "../lib/i18n/use-t";
import type { Toast } from "../lib/toast";
import type { CashbackPopupProps, UrlDialog } from "./dialog-types";

/**
 * What every page's document gets from the root loader (root-data.server.ts builds it): declared
 * here, apart from the loader, so the hooks that read it (use-root-data.ts) and the components
 * that use them do not import the loader and, through it, every feature it gathers.
 */
export interface RootData extends LocaleData {
  dir: "ltr" | "rtl";
  theme: string;
  themes: SiteMetadata["themes"];
  site: { name: string; logo: SiteMetadata["logo"]; favicons: SiteMetadata["favicons"]; themeColor: string };
  cms: {
    menus: CmsConfig["menus"];
    /** A promise when it was not there with the rest: it streams into the sidebar after the shell (sidebar.tsx). */
    sidebarBanner: CmsConfig["sidebarBanner"] | Promise<CmsConfig["sidebarBanner"]>;
    customCode: CmsConfig["customCode"];
    footer: CmsConfig["footer"];
    seo: CmsConfig["seo"]["default"];
  };
  player: RootPlayer | null;
  /** In maintenance: the operator's message (settings.maintenance.message, or the platform's default words); else null. */
  maintenance: string | null;
  toast: Toast | null;
  urlDialogs: UrlDialog[];
  isBot: boolean;
  platform: SiteMetadata["platformType"];
}

/** What the page knows of the signed-in player: the header's name, the hints' facts, the forced-logout time. */
export interface RootPlayer {
  uid: number;
  login: string;
  reg_time: AccountInfo["reg_time"];
  email: AccountInfo["email"];
  mobile: AccountInfo["mobile"];
  /** The total balance, formatted on the server: the header shows it as text, so the formatter stays off first-load JS. */
  balanceText: string;
  balanceSplit: { main: string; bonus: string; betting: string };
  /**
   * When that balance was read (Unix ms), so a live value from the realtime client that is newer
   * wins over a later-arriving revalidation; and the SPEC §3 polling settings for that client.
   */
  balanceAt: number;
  balanceRefresh: CmsConfig["balanceRefresh"];
  /** The player's market asks for a one-tap 24-hour break on every page (core/jurisdictions.ts; decision 0082). */
  panicButton: boolean;
  forceLogoutSeconds: number;
  confirmEmailPopup: boolean;
  /** The unseen cashback queued after registration's email confirmation (cashback-popup.server.ts). */
  cashbackPopup: CashbackPopupProps | null;
  offersCount: number;
}
