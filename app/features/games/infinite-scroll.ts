import type { Game } from "../../../core/api/entities-games";
import { browserCall } from "../../lib/api/browser-call";
import { LOBBY_PAGE_SIZE, type LobbyFilters } from "./lobby-params";

/**
 * Loaded when "load more" is first needed (clicked, or near the screen): the browser side of it.
 * Kept apart so the first load carries neither the /api client nor this.
 */

/** The next page of the lobby's current filters, straight from the platform. */
export async function fetchLobbyPage(filters: LobbyFilters, offset: number, locale: string): Promise<{ items: Game[]; count: number }> {
  const options = { category: filters.category, providers: filters.providers, search: filters.search, offset, count: LOBBY_PAGE_SIZE };
  return browserCall("games.get", "GET", { options: JSON.stringify(options) }, { locale });
}
