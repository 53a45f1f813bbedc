import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import type { TileGame } from "./tile-game";
import type { LobbyFilters } from "./lobby-params";
import { preloadGameTile } from "./lazy-game-tile";

/**
 * Calls `onNear` whenever `target` (the "load more" link) comes within a screen of the viewport.
 * Returns the function that stops watching. Small and here, not in `infinite-scroll.ts`: the
 * observer runs from hydration on, the code that fetches and draws a page only once it fires.
 */
function watchNearViewport(target: Element, onNear: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) onNear();
    },
    { rootMargin: "0px 0px 100% 0px" },
  );
  observer.observe(target);
  return () => observer.disconnect();
}

/**
 * "Load more" once the lobby has hydrated: the link's click and an observer near the end of the
 * grid append the next page in place. The code for that (`infinite-scroll.ts`, the /api client
 * and the tile component) is imported when it is first needed, not on first load (decision
 * 0027). A failure stops the observer; the link stays to try again. After a click, focus
 * moves to the first new game so keyboard and screen-reader players continue where they were.
 */
export function useLoadMore(filters: LobbyFilters, start: number, firstPage: TileGame[], count: number, locale: string) {
  const [games, setGames] = useState<TileGame[]>(firstPage);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [exhausted, setExhausted] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const moreRef = useRef<HTMLAnchorElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  // The server's games begin at `start` (the window of lobbyWindow), not at the URL's offset.
  const nextOffset = start + games.length;
  const hasMore = nextOffset < count && !exhausted;

  const loadMore = useCallback(async () => {
    if (busy || !hasMore) return;
    setBusy(true);
    try {
      // The tile's code too, before the page is drawn: the appended list renders it outside a
      // transition, where a component still loading would blank the page to a Suspense fallback.
      const [{ fetchLobbyPage }] = await Promise.all([import("./infinite-scroll"), preloadGameTile()]);
      const page = await fetchLobbyPage(filters, nextOffset, locale);
      // A page that adds nothing ends the list rather than asking again and again.
      if (page.items.length === 0) setExhausted(true);
      setGames((shown) => {
        const seen = new Set(shown.map((g) => g.sysname));
        return [...shown, ...page.items.filter((g) => !seen.has(g.sysname))];
      });
      setFailed(false);
    } catch (e) {
      console.warn("lobby: the next page failed to load", e);
      focusFrom.current = null;
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [busy, hasMore, filters, nextOffset, locale]);

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || from >= games.length) return;
    focusFrom.current = null;
    gridRef.current?.querySelectorAll<HTMLAnchorElement>("li > a")[from]?.focus();
  }, [games]);

  useEffect(() => {
    const el = moreRef.current;
    if (!el || busy || failed) return;
    return watchNearViewport(el, () => void loadMore());
  }, [loadMore, busy, failed]);

  const onMoreClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    focusFrom.current = games.length;
    void loadMore();
  };

  return { games, busy, failed, hasMore, nextOffset, enhanced, moreRef, gridRef, onMoreClick };
}
