import { createChannel, type RealtimeEvent } from "./channel-core";
import { playerAddress } from "./player-address";

/**
 * The SharedWorker every tab of the site shares (name "playfront-realtime"): ONE WebSocket for
 * all of them. Tabs talk to it over their port:
 *   → { type: "open", uid }  a tab of a signed-in player is here (starts the connection; a tab
 *                            of another player than the connection's makes it reconnect, since
 *                            the token follows the session cookie)
 *   → { type: "close" }      the player signs out: close and stay closed
 *   → { type: "bye" }        the tab leaves (pagehide); the last one leaving closes the socket
 *   ← { type: "event", uid, event }
 *   ← { type: "state", open }  the socket opened or is gone (sent to a tab when it joins, too)
 */
type TabMessage = { type: "open"; uid: number } | { type: "close" } | { type: "bye" };

const scope = self as unknown as { location: Location; onconnect: ((e: MessageEvent) => void) | null };
const ports = new Set<MessagePort>();

const channel = createChannel({
  address: playerAddress(scope.location.origin),
  onEvent(uid: number, event: RealtimeEvent) {
    for (const port of ports) port.postMessage({ type: "event", uid, event });
  },
  onState(open: boolean) {
    for (const port of ports) port.postMessage({ type: "state", open });
  },
});

function onTabMessage(port: MessagePort, message: TabMessage) {
  switch (message?.type) {
    case "open":
      ports.add(port);
      if (channel.uid && channel.uid !== message.uid) channel.stop();
      channel.start();
      port.postMessage({ type: "state", open: channel.open });
      break;
    case "close":
      channel.stop();
      break;
    case "bye":
      ports.delete(port);
      if (ports.size === 0) channel.stop();
      break;
  }
}

scope.onconnect = (e) => {
  const port = e.ports[0];
  if (!port) return;
  port.onmessage = (m) => onTabMessage(port, m.data as TabMessage);
  port.start();
};
