import type { Game } from "../../../core/api/entities-games";

/** What the game page shows about its game: formatted here, so the page ships no money code. */
export interface GameView {
  sysname: string;
  title: string;
  description: string;
  provider: string;
  providerName: string;
  image: string;
  rtp: string;
  volatility: Game["volatility"];
  betRange: string;
  categories: Array<{ sysname: string; name: string }>;
  hasDemo: boolean;
}
