/**
 * SPEC §2: any path containing `/game/` is a game screen (the game page, the studio's launch
 * paths, a localized `/es/game/…`). The layout hides the chat badge there (SPEC §2 chat).
 */
export function isGameScreen(pathname: string): boolean {
  return pathname.includes("/game/");
}

/** The `handle` of game routes, so a layout can also ask the matched routes. */
export interface GameScreenHandle {
  gameScreen: true;
}
