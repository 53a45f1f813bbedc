import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import type { RecentWin } from "../../core/api/entities-games";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { aSlot, playRound, roundId, type SlotRow } from "./game-studio-helpers";
import { data, failure, get, ORIGIN, send } from "./helpers";
import { playerDb } from "./player-db";

// games.getRecentWins and the public wins feed /realtime/wins (decision 0034), through the Worker.

const fund = (uid: number) =>
  applyOperation(playerDb(uid), { uid, key: `wins-deposit-${uid}`, type: "deposit", changes: [{ kind: "main", delta: 10_000_000 }] });

/** Plays real rounds at the top bet until one wins (about one in four does). */
async function winRealRound(p: Player, slot: SlotRow) {
  for (let i = 0; i < 200; i++) {
    const round = await data(playRound(p.browser, slot.sysname, { bet: slot.max_bet, mode: "real", round_id: roundId() }));
    if (round.win > 0) return round;
  }
  throw new Error("no round won in 200");
}

function openFeed(headers: Record<string, string> = {}) {
  return send(new URL("/realtime/wins", ORIGIN).href, { headers: { upgrade: "websocket", origin: ORIGIN, ...headers } });
}

/** A listening feed socket: the wins it receives, in order. */
async function listen() {
  const res = await openFeed();
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const wins: { event: string; data: RecentWin }[] = [];
  let pong: (() => void) | null = null;
  ws.addEventListener("message", (e) => {
    if (typeof e.data === "string" && e.data.startsWith("{")) wins.push(JSON.parse(e.data));
    else if (e.data === "pong") pong?.();
  });
  /** Every win sent to this socket before now has arrived: the runtime's pong comes after them (one socket delivers in order). */
  const flushed = () =>
    new Promise<void>((resolve) => {
      pong = resolve;
      ws.send("ping");
    });
  return { ws, wins, flushed };
}

/** Waits for a condition on what the feed received (its messages arrive after the round's answer). */
const until = (check: () => boolean) => expect.poll(check, { timeout: 5000 }).toBe(true);

describe("games.getRecentWins", () => {
  it("lists a paid real-money win first, the player masked; demo wins and losses are not news", async () => {
    const slot = await aSlot();
    const p = await registerPlayer({ login: "winnerwendy" });
    await fund(p.uid);
    // Demo wins first: however many, they never show.
    for (let i = 0; i < 8; i++) await data(playRound(p.browser, slot.sysname, { bet: slot.max_bet, mode: "demo", round_id: roundId() }));
    const won = await winRealRound(p, slot);
    const wins = await data(get("games/getRecentWins", { count: 50 }));
    expect(wins[0]).toEqual({
      id: won.id,
      player: "wi***dy",
      amount: { amount: won.win, currency: "USD" },
      game: slot.sysname,
      game_title: expect.any(String),
      won_at: won.created_at,
    });
    const shown = new Set(wins.map((w: RecentWin) => w.id));
    const mine = (
      await playerDb(p.uid).prepare("SELECT id, mode, win FROM game_rounds WHERE uid = ?1").bind(p.uid).all<{ id: string; mode: string; win: number }>()
    ).results;
    for (const r of mine) expect(shown.has(r.id), `${r.mode} round winning ${r.win}`).toBe(r.mode === "real" && r.win > 0);
    expect(JSON.stringify(wins)).not.toContain("@");
  });

  it("answers at most `count`, newest first", async () => {
    const wins: RecentWin[] = await data(get("games/getRecentWins", { count: 2 }));
    expect(wins.length).toBeLessThanOrEqual(2);
    if (wins.length === 2) expect(wins[0]!.won_at).toBeGreaterThanOrEqual(wins[1]!.won_at);
  });

  it("refuses a bad count with a field error", async () => {
    for (const count of ["0", "51", "x", "-1", "1.5"]) {
      const e = await failure(get("games/getRecentWins", { count }), 400, "InvalidParameterException");
      expect(e.invalid_parameters, count).toHaveProperty("count");
    }
  });
});

describe("/realtime/wins", () => {
  it("pushes a real win to every open feed once it is paid, and only wins", async () => {
    const slot = await aSlot();
    const p = await registerPlayer();
    await fund(p.uid);
    const [a, b] = await Promise.all([listen(), listen()]);
    const won = await winRealRound(p, slot);
    for (const feed of [a, b]) {
      await until(() => feed.wins.some((m) => m.data.id === won.id));
      const message = feed.wins.find((m) => m.data.id === won.id)!;
      expect(message.event).toBe("games.win");
      expect(message.data).toMatchObject({ amount: { amount: won.win, currency: "USD" }, game: slot.sysname });
      // Losing rounds played before the win sent nothing.
      expect(feed.wins.every((m) => m.data.amount.amount > 0)).toBe(true);
    }
    a.ws.close(1000);
    b.ws.close(1000);
  });

  it("a replayed round id is not announced twice", async () => {
    const slot = await aSlot();
    const p = await registerPlayer();
    await fund(p.uid);
    const feed = await listen();
    const key = roundId();
    let round: any;
    for (let i = 0; i < 200; i++) {
      round = await data(playRound(p.browser, slot.sysname, { bet: slot.max_bet, mode: "real", round_id: `${key}-${i}` }));
      if (round.win > 0) {
        // The replay through the Worker with its own context: once that is done, so is whatever
        // it published after the answer (waitUntil).
        const ctx = createExecutionContext();
        const body = new FormData();
        for (const [k, v] of Object.entries({ bet: slot.max_bet, mode: "real", round_id: `${key}-${i}` })) body.append(k, String(v));
        const replay = new Request(new URL(`/platform/game/${slot.sysname}/round`, ORIGIN), {
          method: "POST",
          body,
          headers: { origin: ORIGIN, accept: "application/json", ...p.browser.headers() },
        });
        const again = await data(worker.fetch(replay, env, ctx));
        await waitOnExecutionContext(ctx);
        expect(again.replayed).toBe(true);
        break;
      }
    }
    await until(() => feed.wins.some((m) => m.data.id === round.id));
    await feed.flushed();
    expect(feed.wins.filter((m) => m.data.id === round.id)).toHaveLength(1);
    feed.ws.close(1000);
  });

  it("needs an Upgrade: websocket request and this site's Origin", async () => {
    expect((await send(new URL("/realtime/wins", ORIGIN).href)).status).toBe(426);
    const cross = await openFeed({ origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(cross.webSocket).toBeNull();
  });
});
