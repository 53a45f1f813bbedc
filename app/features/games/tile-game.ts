import type { Game } from "../../../core/api/entities-games";

/** What a game tile shows: loaders send only this to the browser (not rules, bets or tags). */
export type TileGame = Pick<Game, "id" | "sysname" | "title" | "provider_name" | "image">;

export function tileGame({ id, sysname, title, provider_name, image }: TileGame): TileGame {
  return { id, sysname, title, provider_name, image };
}
