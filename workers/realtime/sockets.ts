import { DurableObject } from "cloudflare:workers";
import { CLOSE_TOO_MANY, type RealtimeEvent } from "./events";

/** Closes a socket, ignoring one that is closed already. The reason is cut to what the protocol allows. */
export function safeClose(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // Already closed.
  }
}

/**
 * A Durable Object holding one-way WebSockets (PlayerChannel, WinsFeed). It uses the Hibernation
 * API: the sockets stay open while the object is evicted from memory, and the client's "ping" is
 * answered by the runtime ("pong") without waking it, so an idle socket costs nothing. At most
 * `maxSockets` stay open; a new one pushes the oldest out (close code 4008). The platform reaches
 * the object over RPC (`publish`); clients only listen.
 */
export abstract class SocketHub extends DurableObject<Env> {
  protected abstract readonly maxSockets: number;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const open = this.ctx.getWebSockets();
    for (const old of open.slice(0, Math.max(0, open.length - this.maxSockets + 1))) {
      safeClose(old, CLOSE_TOO_MANY, "too many connections");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, this.socketTags(request));
    this.accepted(server, request);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Hibernation tags of a new socket (at most 10, each ≤ 256 chars): a hub that addresses some of
   * its sockets (TournamentBoard: one player's) finds them again with getWebSockets(tag).
   */
  protected socketTags(_request: Request): string[] {
    return [];
  }

  /** Called once a new socket is accepted (it may already send: the client gets it after the 101). */
  protected accepted(_ws: WebSocket, _request: Request): void {}

  /** Sends the event to every open socket; answers how many took it. */
  publish(event: RealtimeEvent): number {
    const text = JSON.stringify(event);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
        sent++;
      } catch {
        // A socket closing at this very moment: its close handler cleans it up.
      }
    }
    return sent;
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
