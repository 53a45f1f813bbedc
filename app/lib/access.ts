/** Which paths need a signed-in player, and the fixed root redirects (SPEC §2, §6). */

const PROTECTED = /(^|\/)(bets|cashier|profile|responsible-game)(\/|$)/;

export function requiresPlayer(basePath: string): boolean {
  return PROTECTED.test(basePath);
}

/** Where an anonymous visitor goes instead: the index, carrying the full path to come back to. */
export function loginRedirect(indexPath: string, fullPath: string): string {
  return `${indexPath}?redirectUrl=${encodeURIComponent(fullPath)}`;
}

/** Section roots that have no page of their own. */
export function rootRedirect(basePath: string): string | undefined {
  const p = basePath.replace(/\/+$/, "") || "/";
  if (p === "/bets") return "/bets/history";
  if (p === "/profile") return "/profile/settings";
  return undefined;
}
