import { CLOSE_SIGNED_OUT } from "./events";
import { safeClose, SocketHub } from "./sockets";

/**
 * PlayerChannel: one Durable Object per player (`idFromName(String(uid))`) holding that player's
 * WebSockets (DESIGN §1), hibernating (sockets.ts). The Worker's /realtime route verifies the
 * token before it forwards the upgrade here; the platform reaches the object only over RPC
 * (`publish`, `disconnectAll`).
 */
export class PlayerChannel extends SocketHub {
  /**
   * Every tab shares one socket through the SharedWorker, so dozens mean a leak or abuse; the
   * oldest go first.
   */
  protected readonly maxSockets = 16;

  /** Closes every socket of the player (sign-out); answers how many were open. */
  disconnectAll(reason = "signed out"): number {
    const open = this.ctx.getWebSockets();
    for (const ws of open) safeClose(ws, CLOSE_SIGNED_OUT, reason);
    return open.length;
  }
}
