/** Rounds per page of /profile/bets/history (the loader and the page's links agree on it). */
export const HISTORY_PAGE_SIZE = 20;
