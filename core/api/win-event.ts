/**
 * The public wins feed's one event (decision 0034), `{ event: WIN_EVENT, data: RecentWin, ts }`.
 * In a module of its own so the home page's feed (features/games/wins-feed.ts) carries it inline,
 * not as the shared file of every realtime event name.
 */
export const WIN_EVENT = "games.win";
