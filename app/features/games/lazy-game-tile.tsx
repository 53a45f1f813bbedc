import { lazyWithPreload } from "../../lib/lazy-with-preload";

/**
 * The game tile for lists the browser keeps as the server sent them (`ServerHtml`: the home
 * page's rows, the lobby's first page, a jackpot's games). Hydration never renders those, so the
 * tile's code (the image URL builder among it) is off first load and comes with the first list
 * the browser renders itself: a client navigation (a transition, which keeps the old page until
 * it arrives) or a page the lobby appends (which preloads it first). The server preloads it
 * before every render (entry.server) and renders it in place.
 */
const tile = lazyWithPreload(() => import("./game-tile").then((m) => m.GameTile));

export const LazyGameTile = tile.Component;
export const preloadGameTile = tile.preload;
