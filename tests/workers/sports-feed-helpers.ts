import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN, send } from "./helpers";

/**
 * Shared by sports-feed*.test.ts. The sports and leagues are the platform slice's seed; these
 * tests add their own league per sport (a sport row only if the seed has none), so they own it.
 */
const TEAMS = ["Northbridge", "Southport", "Eastfield", "Westmoor", "Highgate", "Lowbury"];

export async function ensureLeague(sport = "football", hasDraw = 1): Promise<string> {
  const sysname = `feed-test-${sport}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO sports (sysname) VALUES (?) ON CONFLICT (sysname) DO NOTHING").bind(sport),
    env.DB.prepare(
      `INSERT INTO sport_leagues (sport_id, sysname, has_draw, teams, position) SELECT id, ?, ?, ?, 999 FROM sports WHERE sysname = ?
       ON CONFLICT (sysname) DO NOTHING`,
    ).bind(sysname, hasDraw, JSON.stringify(TEAMS), sport),
  ]);
  return sysname;
}

export function demo(path: string, body: unknown): Promise<Response> {
  return send(`/platform/demo/sportsbook/${path}`, {
    method: "POST",
    headers: { origin: ORIGIN, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function newEvent(body: Record<string, unknown> = {}): Promise<{ event_id: number; markets: any[] }> {
  const res = await demo("events", body);
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text).data;
}

export async function step(eventId: number, body: unknown): Promise<any> {
  const res = await demo(`events/${eventId}/step`, body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text).data;
}

/** A listening /realtime/sports socket: the next message about one event. */
export async function openFeed() {
  const res = await send(new URL("/realtime/sports", ORIGIN).href, { headers: { upgrade: "websocket", origin: ORIGIN } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const queue: any[] = [];
  let wake: (() => void) | null = null;
  ws.addEventListener("message", (e) => {
    queue.push(JSON.parse(e.data as string));
    wake?.();
  });
  return {
    ws,
    /** The next message about this event (others, e.g. the clock's autoplay events, are skipped). */
    async next(eventId: number, timeoutMs = 10_000): Promise<{ event: string; data: any; ts: number }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex((m) => m.data?.event_id === eventId);
        if (i >= 0) return queue.splice(i, 1)[0];
        if (Date.now() > deadline) throw new Error(`no message about event ${eventId} arrived`);
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 200);
        });
      }
    },
    pending: (eventId: number) => queue.filter((m) => m.data?.event_id === eventId).length,
  };
}
