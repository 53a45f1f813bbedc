import { createChannel, type RealtimeEvent } from "./channel-core";
import { playerAddress } from "./player-address";

/** What a tab holds of the realtime channel. */
export interface RealtimeConnection {
  /** The player signs out: the shared connection closes for every tab and stays closed. */
  signOut(): void;
  /** This tab goes away (unmount): the connection stays for the other tabs. */
  leave(): void;
}

type OnEvent = (event: RealtimeEvent) => void;

/**
 * Joins the player's realtime channel: through the SharedWorker (one socket for every tab), or,
 * where there is no SharedWorker or its script fails, with the same channel code in this page.
 * Events of another player than `uid` (a tab still showing a player who signed out elsewhere)
 * are dropped.
 */
export function connectRealtime(uid: number, onEvent: OnEvent): RealtimeConnection {
  if (typeof SharedWorker === "function") {
    try {
      return viaSharedWorker(uid, onEvent);
    } catch (e) {
      console.warn("realtime: no shared worker, connecting from the page", e);
    }
  }
  return inPage(uid, onEvent);
}

/** `<html data-realtime="open|closed">`: whether live updates arrive (for styling and tests). */
function markState(open: boolean) {
  document.documentElement.dataset.realtime = open ? "open" : "closed";
}

function inPage(uid: number, onEvent: OnEvent): RealtimeConnection {
  const channel = createChannel({ address: playerAddress(location.origin), onEvent: (from, event) => from === uid && onEvent(event), onState: markState });
  channel.start();
  return {
    signOut: () => channel.stop(),
    leave() {
      channel.stop();
      markState(false);
    },
  };
}

function viaSharedWorker(uid: number, onEvent: OnEvent): RealtimeConnection {
  const worker = new SharedWorker(new URL("./channel.worker.ts", import.meta.url), { type: "module", name: "playfront-realtime" });
  const port = worker.port;
  // The worker's script did not load or run: this tab connects by itself.
  let fallback: RealtimeConnection | null = null;
  worker.onerror = () => {
    fallback ??= inPage(uid, onEvent);
  };
  port.onmessage = (m: MessageEvent<{ type: string; uid?: number; event?: RealtimeEvent; open?: boolean }>) => {
    if (m.data?.type === "event" && m.data.uid === uid && m.data.event) onEvent(m.data.event);
    if (m.data?.type === "state") markState(m.data.open === true);
  };
  port.start();
  const join = () => port.postMessage({ type: "open", uid });
  const bye = () => port.postMessage({ type: "bye" });
  // A page kept in the back-forward cache leaves and comes back.
  const onShow = (e: PageTransitionEvent) => e.persisted && join();
  window.addEventListener("pagehide", bye);
  window.addEventListener("pageshow", onShow);
  join();
  return {
    signOut() {
      port.postMessage({ type: "close" });
      fallback?.signOut();
    },
    leave() {
      window.removeEventListener("pagehide", bye);
      window.removeEventListener("pageshow", onShow);
      bye();
      port.close();
      fallback?.leave();
      markState(false);
    },
  };
}
