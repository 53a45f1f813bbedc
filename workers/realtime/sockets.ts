/** Closes a socket, ignoring one that is closed already. The reason is cut to what the protocol allows. */
export function safeClose(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // Already closed.
  }
}

/** Sends `text` to every socket; answers how many took it (one closing this very moment does not). */
export function broadcast(sockets: WebSocket[], text: string): number {
  let sent = 0;
  for (const ws of sockets) {
    try {
      ws.send(text);
      sent++;
    } catch {
      // A socket closing at this very moment: its close handler cleans it up.
    }
  }
  return sent;
}
