import type { RecentWin } from "../../../core/api/entities-games";
import { WIN_EVENT } from "../../../core/api/win-event";
import { createChannel, type RealtimeEvent } from "../realtime/channel-core";

/**
 * The browser's side of the public wins feed (decision 0034): a WebSocket to /realtime/wins that
 * hands each `games.win` to `onWin`; the player channel's loop (channel-core.ts) keeps it alive
 * and reconnects it after backoffDelay whenever it drops, until stopped. Imported by the ticker after
 * hydration, so no page's first load carries it.
 */

export interface WinsFeedDeps {
  /** The site's origin (http… becomes ws…). */
  origin: string;
  onWin(win: RecentWin): void;
  /** Called when the socket opens (true) or drops (false). */
  onState?(open: boolean): void;
  /** Tests inject these. */
  WebSocket?: typeof WebSocket;
  random?: () => number;
}

/** Opens the feed (the player channel's connection loop, to /realtime/wins); answers the function that closes it for good. */
export function openWinsFeed(deps: WinsFeedDeps): () => void {
  const url = `${deps.origin.replace(/^http/, "ws")}/realtime/wins`;
  const channel = createChannel({
    address: async () => ({ url, uid: 0 }),
    onEvent: (_uid, event) => {
      const win = winOf(event);
      if (win) deps.onWin(win);
    },
    onState: deps.onState,
    WebSocket: deps.WebSocket,
    random: deps.random,
  });
  channel.start();
  return () => channel.stop();
}

/**
 * The win an event carries, or null for another event or a malformed one (the channel has
 * already dropped what is not JSON: a "pong", junk).
 */
function winOf(m: RealtimeEvent): RecentWin | null {
  const d = m?.data as Partial<RecentWin> | undefined;
  if (m?.event !== WIN_EVENT || !d || typeof d.id !== "string" || typeof d.game !== "string" || typeof d.amount?.amount !== "number") return null;
  return d as RecentWin;
}

/** The ticker's list after `win`: newest first, each round once, at most `max`. */
export function withWin(shown: RecentWin[], win: RecentWin, max: number): RecentWin[] {
  if (shown.some((w) => w.id === win.id)) return shown;
  return [win, ...shown].slice(0, max);
}
