import { createChannel } from "../realtime/channel-core";
import type { SportsMessage } from "./live-odds-state";

/**
 * The browser's side of the live odds: a WebSocket to `/realtime/sports` (public, one feed for
 * every event; sports-shared interface 3), kept alive and reconnected by the player channel's
 * loop (channel-core.ts) until stopped. Started by the betting page's effect, after hydration.
 */
export function openSportsFeed(deps: {
  origin: string;
  onMessage(m: SportsMessage): void;
  onState?(open: boolean): void;
  WebSocket?: typeof WebSocket;
}): () => void {
  const url = `${deps.origin.replace(/^http/, "ws")}/realtime/sports`;
  const channel = createChannel({
    address: async () => ({ url, uid: 0 }),
    onEvent: (_uid, event) => deps.onMessage(event as SportsMessage),
    onState: deps.onState,
    WebSocket: deps.WebSocket,
  });
  channel.start();
  return () => channel.stop();
}
