import { DurableObject } from "cloudflare:workers";
import { CLOSE_TOO_MANY, type RealtimeEvent } from "./events";
import { broadcast, safeClose } from "./sockets";

/**
 * Sockets one feed holds at most; past it the oldest go (their page reconnects later with backoff
 * and reads the list again). A Durable Object takes about 32,000; this leaves room.
 */
const MAX_SOCKETS = 10_000;

/**
 * WinsFeed: the public feed of real-money wins (decision 0034), one Durable Object
 * (`idFromName("wins")`) holding every visitor's and player's ticker socket. Hibernating like
 * PlayerChannel: an idle socket costs nothing, "ping" is answered by the runtime. One-way: the
 * platform posts a win over RPC (`publish`) after the round is paid; clients only listen.
 */
export class WinsFeed extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const open = this.ctx.getWebSockets();
    for (const old of open.slice(0, Math.max(0, open.length - MAX_SOCKETS + 1))) safeClose(old, CLOSE_TOO_MANY, "feed full");
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the event to every open socket; answers how many it reached. */
  publish(event: RealtimeEvent): number {
    return broadcast(this.ctx.getWebSockets(), JSON.stringify(event));
  }

  override webSocketMessage(): void {}

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    safeClose(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  override webSocketError(ws: WebSocket): void {
    safeClose(ws, 1011, "error");
  }
}

/** The one feed. */
export function winsFeed(env: Env) {
  return env.WINS_FEED.get(env.WINS_FEED.idFromName("wins"));
}
