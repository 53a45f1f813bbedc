import { backoffDelay } from "./backoff";

/**
 * One realtime connection (SPEC §7 "a shared worker connection using the token"): a token from
 * account.getToken, a WebSocket to /realtime, and on every drop a new token and a reconnect after
 * backoffDelay. It stops for good when the player is signed out (no token, or the server closed
 * with 4001) and when told. The SharedWorker runs it once for all tabs (channel.worker.ts); a
 * browser without SharedWorker runs it in the page (connection.ts) — the same code either way.
 * The public wins feed (features/games/wins-feed.ts) is the same loop to another address.
 */

/** `{ event, data, ts }` as workers/realtime publishes it. */
export interface RealtimeEvent {
  event: string;
  data: unknown;
  ts: number;
}

export interface ChannelDeps {
  /** Called with each event and the uid the connection speaks for. */
  onEvent(uid: number, event: RealtimeEvent): void;
  /** Called when the socket opens (true) or is gone (false). */
  onState?(open: boolean): void;
  /**
   * Where each connection goes and whom it speaks for; null stops the channel. The player's
   * channel asks for a fresh token each time (player-address.ts); the public wins feed gives its
   * URL. Kept out of this module so the wins feed does not load the API client.
   */
  address: () => Promise<{ url: string; uid: number } | null>;
  /** Tests inject these. */
  WebSocket?: typeof WebSocket;
  random?: () => number;
}

export interface Channel {
  start(): void;
  stop(): void;
  /** The player of the current connection (from its token), 0 before the first. */
  readonly uid: number;
  /** Whether the socket is open now. */
  readonly open: boolean;
}

/** Server close codes (workers/realtime/events.ts): signed out, and pushed out by newer sockets. */
const FINAL_CLOSE_CODES = new Set([4001, 4008]);
/** Keeps proxies from timing an idle socket out; the Durable Object answers without waking. */
const KEEPALIVE_MS = 30_000;

export function createChannel(deps: ChannelDeps): Channel {
  const Socket = deps.WebSocket ?? WebSocket;
  const address = deps.address;
  let running = false;
  // Each start() is a new run: a token answer of an earlier run (stopped meanwhile) is dropped.
  let run = 0;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let uid = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let keepAlive: ReturnType<typeof setInterval> | undefined;

  const retry = () => {
    if (running) retryTimer = setTimeout(open, backoffDelay(attempt++, deps.random));
  };

  async function open() {
    const mine = run;
    let target: { url: string; uid: number } | null;
    try {
      target = await address();
    } catch {
      if (mine === run) retry();
      return;
    }
    if (!running || mine !== run) return;
    if (!target) return stop();
    uid = target.uid;
    const ws = new Socket(target.url);
    socket = ws;
    let ping: ReturnType<typeof setInterval> | undefined;
    ws.onopen = () => {
      attempt = 0;
      deps.onState?.(true);
      keepAlive = ping = setInterval(() => ws.readyState === 1 && ws.send("ping"), KEEPALIVE_MS);
    };
    ws.onmessage = (e) => {
      if (typeof e.data !== "string" || !e.data.startsWith("{")) return;
      try {
        const event = JSON.parse(e.data) as RealtimeEvent;
        if (typeof event?.event === "string") deps.onEvent(uid, event);
      } catch {
        // Not ours: ignore.
      }
    };
    ws.onclose = (e) => {
      clearInterval(ping);
      if (socket !== ws) return;
      socket = null;
      deps.onState?.(false);
      if (FINAL_CLOSE_CODES.has(e.code)) stop();
      else retry();
    };
  }

  function stop() {
    running = false;
    clearTimeout(retryTimer);
    clearInterval(keepAlive);
    const ws = socket;
    socket = null;
    if (ws && ws.readyState < 2) ws.close(1000, "closed");
    if (ws) deps.onState?.(false);
  }

  return {
    start() {
      if (running) return;
      running = true;
      run++;
      attempt = 0;
      void open();
    },
    stop,
    get uid() {
      return uid;
    },
    get open() {
      return socket?.readyState === 1;
    },
  };
}
