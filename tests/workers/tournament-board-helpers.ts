import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN, send } from "./helpers";

/**
 * Shared by tournament-board*.test.ts. The D1 tables are the platform slice's (migration 0030);
 * until it is merged they are created here with the columns the shared interface fixes (IF NOT
 * EXISTS: with the migration applied, the real tables are used).
 */
export async function ensureTournamentTables(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `CREATE TABLE IF NOT EXISTS tournaments (id INTEGER PRIMARY KEY, sysname TEXT NOT NULL UNIQUE, status TEXT NOT NULL DEFAULT 'future',
       starts_at INTEGER NOT NULL, ends_at INTEGER NOT NULL, scoring TEXT NOT NULL)`,
    ),
    env.DB.prepare(
      `CREATE TABLE IF NOT EXISTS tournament_entries (tournament_id INTEGER, uid INTEGER, points INTEGER NOT NULL DEFAULT 0,
       reached_at INTEGER NOT NULL, joined_at INTEGER NOT NULL, PRIMARY KEY (tournament_id, uid))`,
    ),
    env.DB.prepare(
      `CREATE TABLE IF NOT EXISTS tournament_prizes (id INTEGER PRIMARY KEY, tournament_id INTEGER NOT NULL, place_from INTEGER NOT NULL,
       place_to INTEGER NOT NULL, type TEXT NOT NULL, money TEXT)`,
    ),
  ]);
}

let nextId = 9000;

/** A tournament row (active unless said) with money prizes for places 1..prizedPlaces. */
export async function makeTournament(prizedPlaces = 3, status = "active"): Promise<number> {
  const id = ++nextId;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO tournaments (id, sysname, status, starts_at, ends_at, scoring) VALUES (?1, ?2, ?3, ?4, ?5, 'rounds')").bind(
      id,
      `board-test-${id}`,
      status,
      now - 86_400_000,
      now + 86_400_000,
    ),
    ...(prizedPlaces > 0
      ? [
          env.DB.prepare(`INSERT INTO tournament_prizes (tournament_id, place_from, place_to, type, money) VALUES (?1, 1, ?2, 'money', '{"USD":1000}')`).bind(
            id,
            prizedPlaces,
          ),
        ]
      : []),
  ]);
  return id;
}

/** The WebSocket handshake a browser sends to /realtime/tournaments/{id}. */
export function boardUpgrade(id: string | number, headers: Record<string, string> = {}): Promise<Response> {
  return send(new URL(`/realtime/tournaments/${id}`, ORIGIN).href, { headers: { upgrade: "websocket", origin: ORIGIN, ...headers } });
}

/** A listening board socket: every message in order, and a way to await the next one. */
export interface BoardClient {
  ws: WebSocket;
  next(timeoutMs?: number): Promise<{ event: string; data: any; ts: number }>;
  /** Messages received and not yet taken by next(). */
  waiting: () => number;
}

export async function openBoard(id: number, headers: Record<string, string> = {}): Promise<BoardClient> {
  const res = await boardUpgrade(id, headers);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const queue: any[] = [];
  const takers: ((m: any) => void)[] = [];
  ws.addEventListener("message", (e) => {
    const m = typeof e.data === "string" && e.data.startsWith("{") ? JSON.parse(e.data) : e.data;
    const take = takers.shift();
    if (take) take(m);
    else queue.push(m);
  });
  return {
    ws,
    waiting: () => queue.length,
    next(timeoutMs = 5000) {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no message arrived")), timeoutMs);
        takers.push((m) => {
          clearTimeout(timer);
          resolve(m);
        });
      });
    },
  };
}
