import { createChannel } from "../realtime/channel-core";
import type { BoardMessage } from "./board-state";

/**
 * The browser's side of a tournament's live board: a WebSocket to `/realtime/tournaments/{id}`
 * (public; the session cookie makes the Durable Object add the reader's own row), kept alive and
 * reconnected after backoffDelay by the player channel's loop (channel-core.ts) until stopped.
 * Imported by the page after hydration, so the page's first load does not carry it.
 */
export function openBoardFeed(deps: {
  origin: string;
  tournamentId: number;
  onMessage(m: BoardMessage): void;
  onState?(open: boolean): void;
  WebSocket?: typeof WebSocket;
}): () => void {
  const url = `${deps.origin.replace(/^http/, "ws")}/realtime/tournaments/${deps.tournamentId}`;
  const channel = createChannel({
    address: async () => ({ url, uid: 0 }),
    onEvent: (_uid, event) => deps.onMessage(event as BoardMessage),
    onState: deps.onState,
    WebSocket: deps.WebSocket,
  });
  channel.start();
  return () => channel.stop();
}
