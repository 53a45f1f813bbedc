import type { RecentWin } from "../../lib/api/entities-games";
import { backoffDelay } from "../realtime/backoff";

/**
 * The browser's side of the public wins feed (decision 0034): a WebSocket to /realtime/wins that
 * hands each `games.win` to `onWin`, pings to keep proxies from closing it while idle, and
 * reconnects after backoffDelay whenever it drops, until stopped. Imported by the ticker after
 * hydration, so no page's first load carries it.
 */

/**
 * The feed's one event, `{ event: WIN_EVENT, data: RecentWin, ts }`; the Worker publishes it with
 * this constant too (workers/realtime/publish.ts). Here, not in the entities: those carry Zod.
 */
export const WIN_EVENT = "games.win";
const KEEPALIVE_MS = 30_000;

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

/** Opens the feed; answers the function that closes it for good. */
export function openWinsFeed(deps: WinsFeedDeps): () => void {
  const Socket = deps.WebSocket ?? WebSocket;
  const url = `${deps.origin.replace(/^http/, "ws")}/realtime/wins`;
  let stopped = false;
  let attempt = 0;
  let ws: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const connect = () => {
    if (stopped) return;
    const socket = new Socket(url);
    ws = socket;
    socket.addEventListener("open", () => {
      attempt = 0;
      deps.onState?.(true);
      ping = setInterval(() => socket.readyState === 1 && socket.send("ping"), KEEPALIVE_MS);
    });
    socket.addEventListener("message", (e: MessageEvent) => {
      const win = parseWin(e.data);
      if (win) deps.onWin(win);
    });
    socket.addEventListener("close", () => {
      clearInterval(ping);
      if (ws !== socket || stopped) return;
      ws = null;
      deps.onState?.(false);
      retry = setTimeout(connect, backoffDelay(attempt++, deps.random));
    });
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(ping);
    ws?.close(1000);
    ws = null;
  };
}

/** The win a feed message carries, or null for anything else (a "pong", another event, junk). */
export function parseWin(raw: unknown): RecentWin | null {
  if (typeof raw !== "string" || !raw.startsWith("{")) return null;
  try {
    const m = JSON.parse(raw) as { event?: unknown; data?: Partial<RecentWin> };
    const d = m.data;
    if (m.event !== WIN_EVENT || !d || typeof d.id !== "string" || typeof d.game !== "string" || typeof d.amount?.amount !== "number") return null;
    return d as RecentWin;
  } catch {
    return null;
  }
}

/** The ticker's list after `win`: newest first, each round once, at most `max`. */
export function withWin(shown: RecentWin[], win: RecentWin, max: number): RecentWin[] {
  if (shown.some((w) => w.id === win.id)) return shown;
  return [win, ...shown].slice(0, max);
}
