import { playerDb } from "./player-db";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { issueRealtimeToken } from "../../workers/platform/auth/realtime-token";
import type { MoneyDeps } from "../../workers/platform/wallet/move-money";
import { ORIGIN, send } from "./helpers";

/** Shared by the realtime-*.test.ts files: sockets opened through the whole Worker, as a browser does. */

export const tokenFor = async (uid: number, nowMs = Date.now()) => (await issueRealtimeToken(env.SIGNING_SECRET, uid, nowMs)).token;

/** The WebSocket handshake a browser sends to /realtime. */
export function upgrade(token: string | null, headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL("/realtime", ORIGIN);
  if (token !== null) url.searchParams.set("token", token);
  return send(url.href, { headers: { upgrade: "websocket", origin: ORIGIN, ...headers } });
}

/** A connected socket that records what it receives and when it closes. */
export interface Client {
  ws: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the next message (or one already waiting). */
  next(timeoutMs?: number): Promise<any>;
}

export async function connect(token: string): Promise<Client> {
  const res = await upgrade(token);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const messages: any[] = [];
  let waiting: ((m: any) => void) | null = null;
  ws.addEventListener("message", (e) => {
    const m = typeof e.data === "string" && e.data.startsWith("{") ? JSON.parse(e.data) : e.data;
    if (waiting) {
      waiting(m);
      waiting = null;
    } else messages.push(m);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })));
  return {
    ws,
    messages,
    closed,
    next(timeoutMs = 2000) {
      if (messages.length) return Promise.resolve(messages.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no message arrived")), timeoutMs);
        waiting = (m) => {
          clearTimeout(timer);
          resolve(m);
        };
      });
    },
  };
}

/** moveMoney's dependencies with a waitUntil the test can await; `uid`: on that player's own tables (decision 0075). */
export function moneyDeps(uid?: number): MoneyDeps & { settled(): Promise<unknown> } {
  const pending: Promise<unknown>[] = [];
  return {
    db: uid === undefined ? env.DB : playerDb(uid),
    env,
    waitUntil: (p) => void pending.push(p),
    settled: () => Promise.all(pending),
  };
}

/**
 * Every message sent to this socket before now has arrived: the runtime's "pong" to a ping sent now
 * comes after them (one socket delivers in order). Answers the messages that came before it, so a
 * test that expects none waits on this answer, not on a timer.
 */
export async function flushed(client: Client): Promise<any[]> {
  client.ws.send("ping");
  const before: any[] = [];
  for (let m = await client.next(); m !== "pong"; m = await client.next()) before.push(m);
  return before;
}
