/** Which paths need a signed-in player, and the fixed root redirects (SPEC §2, §6). */

/**
 * The first segment of the path without its locale: `/xx/offers` (an unknown prefix) is no section, and answers 404.
 * The loyalty programme and its shop are public, the player's own loyalty is under /profile (decision 0100).
 */
const PROTECTED = /^\/(bets|cashier|profile|responsible-game|offers)(\/|$)/;

export function requiresPlayer(basePath: string): boolean {
  return PROTECTED.test(basePath);
}

/**
 * Where an anonymous visitor goes instead: the index with the sign-in popup open (a visitor who
 * opened a cashier or profile link is asked to sign in, not left on the home page wondering),
 * carrying the full path to come back to after signing in.
 * A client navigation asks for data at `<path>.data` (`/_root.data` for `/`) with a `_routes`
 * query: the page to come back to is the document path, without either.
 */
export function loginRedirect(indexPath: string, fullPath: string): string {
  return `${indexPath}?show_popup_auth=1&redirectUrl=${encodeURIComponent(documentPath(fullPath))}`;
}

/**
 * The document address of a request: a client navigation fetches loaders at `/path.data` (the
 * home at `/_root.data`, or `/_.data` in React Router 8) with `_routes`; links built from it (login return, popup close) must
 * point at the page, not at the data.
 */
export function documentPath(fullPath: string): string {
  const q = fullPath.indexOf("?");
  const path = (q < 0 ? fullPath : fullPath.slice(0, q)).replace(/\/_(root)?\.data$/, "/").replace(/\.data$/, "");
  const query = new URLSearchParams(q < 0 ? "" : fullPath.slice(q + 1));
  query.delete("_routes");
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}

/**
 * Section roots that have no page of their own, sent to a page that exists (SPEC §2): the bet
 * history lives in the profile (`/bets` is SPEC's short way there); the profile opens on its settings.
 */
const ROOT_REDIRECTS: Record<string, string> = {
  "/bets": "/profile/bets/history",
  "/bets/history": "/profile/bets/history",
  "/bets/exports": "/profile/bets/exports",
  "/profile": "/profile/settings",
  "/profile/bets": "/profile/bets/history",
};

export function rootRedirect(basePath: string): string | undefined {
  const path = basePath.replace(/\/+$/, "") || "/";
  // SPEC §1's catch-all `/bets/...`: any other path under /bets is the bet history too (decision 0073-sportsbook-page).
  return ROOT_REDIRECTS[path] ?? (path.startsWith("/bets/") ? "/profile/bets/history" : undefined);
}
