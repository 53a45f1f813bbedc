import { redirect, type RouterContextProvider } from "react-router";
import type { AccountInfo } from "../../lib/api/entities";
import { loginRedirect } from "../../lib/access";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { localizePath } from "../../lib/i18n/locale";
import { getSite, indexPath } from "../site/site.server";

/**
 * The guard at the top of every cashier loader and action (DESIGN §4). The site middleware
 * already sends visitors away from protected paths; this repeats the check where the data is
 * read, so a route can never serve a visitor by accident. The account read is shared with the
 * middleware (memoised per request), so it costs nothing extra.
 */
export async function requirePlayer(context: Readonly<RouterContextProvider>, request: Request): Promise<AccountInfo> {
  const site = getSite(context);
  const account = await orErrorPage(site.account());
  if (account.uid <= 0) {
    const url = new URL(request.url);
    throw redirect(loginRedirect(indexPath(site), url.pathname + url.search));
  }
  return account;
}

/** A site path in the request's locale: `/cashier/deposit` → `/es/cashier/deposit`. */
export function sitePath(context: Readonly<RouterContextProvider>, basePath: string): string {
  const site = getSite(context);
  return localizePath(basePath, site.locale, site.locales.defaultLocale);
}
