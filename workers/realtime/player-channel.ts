import { DurableObject } from "cloudflare:workers";
import { CLOSE_SIGNED_OUT, CLOSE_TOO_MANY, type RealtimeEvent } from "./events";
import { broadcast, safeClose } from "./sockets";

/**
 * Keeps a bound on one player's connections: every tab shares one socket through the SharedWorker,
 * so dozens mean a leak or abuse; the oldest go first.
 */
const MAX_SOCKETS = 16;

/**
 * PlayerChannel: one Durable Object per player (`idFromName(String(uid))`) holding that player's
 * WebSockets (DESIGN §1). It uses the Hibernation API: the sockets stay open while the object is
 * evicted from memory, and the client's "ping" is answered by the runtime ("pong") without waking
 * it, so an idle player costs nothing. The Worker's /realtime route verifies the token before it
 * forwards the upgrade here; the platform reaches the object only over RPC (`publish`,
 * `disconnectAll`).
 */
export class PlayerChannel extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const open = this.ctx.getWebSockets();
    for (const old of open.slice(0, Math.max(0, open.length - MAX_SOCKETS + 1))) {
      safeClose(old, CLOSE_TOO_MANY, "too many connections");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends an event to every socket of the player; answers how many it reached. */
  publish(event: RealtimeEvent): number {
    return broadcast(this.ctx.getWebSockets(), JSON.stringify(event));
  }

  /** Closes every socket of the player (sign-out); answers how many were open. */
  disconnectAll(reason = "signed out"): number {
    const open = this.ctx.getWebSockets();
    for (const ws of open) safeClose(ws, CLOSE_SIGNED_OUT, reason);
    return open.length;
  }

  /** The channel is one-way: anything but the auto-answered ping is ignored. */
  override webSocketMessage(): void {}

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    // Complete the closing handshake (1005/1006 are reserved: answer them with a normal close).
    safeClose(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  override webSocketError(ws: WebSocket): void {
    safeClose(ws, 1011, "error");
  }
}
