// The Durable Object binding of wrangler.toml, declared here until `npm run typecheck` regenerates
// worker-configuration.d.ts (then both declare the same type, which TypeScript accepts).
interface __BaseEnv_Env {
  PLAYER_CHANNEL: DurableObjectNamespace<import("./player-channel").PlayerChannel>;
  WINS_FEED: DurableObjectNamespace<import("./wins-feed").WinsFeed>;
  TOURNAMENT_BOARD: DurableObjectNamespace<import("./tournament-board").TournamentBoard>;
  SPORTS_FEED: DurableObjectNamespace<import("./sports-feed").SportsFeed>;
  PLAYER: DurableObjectNamespace<import("../platform/player/object").PlayerObject>;
  JACKPOT_POOL: DurableObjectNamespace<import("../platform/jackpots/pool").JackpotPool>;
}
