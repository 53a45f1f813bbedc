import type { Game } from "../../lib/api/entities-games";
import { browserCall } from "../../lib/api/browser-call";
import { LOBBY_PAGE_SIZE, type LobbyFilters } from "./lobby-params";

/**
 * Loaded only once the lobby has hydrated: the browser side of "load more". Kept apart so the
 * first load carries neither the observer nor the /api client.
 */

/** The next page of the lobby's current filters, straight from the platform. */
export async function fetchLobbyPage(filters: LobbyFilters, offset: number, locale: string): Promise<{ items: Game[]; count: number }> {
  const options = { category: filters.category, providers: filters.providers, search: filters.search, offset, count: LOBBY_PAGE_SIZE };
  return browserCall("games.get", "GET", { options: JSON.stringify(options) }, { locale });
}

/**
 * Calls `onNear` whenever `target` (the "load more" link) comes within a screen of the viewport.
 * Returns the function that stops watching.
 */
export function watchNearViewport(target: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) onNear();
  }, { rootMargin: "0px 0px 100% 0px" });
  observer.observe(target);
  return () => observer.disconnect();
}
