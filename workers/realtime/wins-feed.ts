import { SocketHub } from "./sockets";

/**
 * WinsFeed: the public feed of real-money wins (decision 0034), one Durable Object for the site
 * (`idFromName("wins")`) holding every open ticker's socket, hibernating (sockets.ts). The
 * platform posts a paid win over RPC (`publish`, through `publishWin`).
 */
export class WinsFeed extends SocketHub {
  /**
   * A Durable Object takes about 32,000 sockets; past this the oldest go (their page reconnects
   * later with backoff and reads the list again).
   */
  protected readonly maxSockets = 10_000;
}

/** The one feed. */
export function winsFeed(env: Env) {
  return env.WINS_FEED.get(env.WINS_FEED.idFromName("wins"));
}
