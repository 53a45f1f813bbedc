import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { Challenge } from "../../core/api/contract-challenges";
import { claimHit, prizeKey } from "../../workers/platform/challenges/hits";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { mainBalance } from "./cashier-helpers";
import { data, get } from "./helpers";
import { playRound, roundId } from "./game-studio-helpers";
import { playerDb } from "./player-db";
import { relayInbox } from "../../workers/platform/demo/push-relay";

/**
 * First-to-hit challenges (issue 43, decision 0117): the first N players whose real-money round on the
 * challenge's game, at its least bet, wins at least M times the bet take a place each, first come,
 * and are paid the prize by the one reward path, once. Limbo at a target of ×1.01 wins ×1.01 exactly
 * (98 % of rounds), ×1.01 being the challenges' multiplier here; at ×1.01 it never reaches ×2.
 */

const HOUR = 60 * 60_000;
const PRIZE = 700;
let made = 0;

/** A challenge on Limbo (×1.01 by default), running for the hour around now. */
async function makeChallenge(o: { multiplier?: number; winners?: number; starts_at?: number; ends_at?: number; min_bet?: number } = {}): Promise<number> {
  const now = Date.now();
  const minBet = o.min_bet ?? 100;
  const row = await env.DB.prepare(
    `INSERT INTO challenges (sysname, game_id, multiplier, min_bet, winners, type, money, starts_at, ends_at, texts, position)
     VALUES (?1, (SELECT id FROM games WHERE sysname = 'pf-limbo'), ?2, ?3, ?4, 'money', ?5, ?6, ?7, ?8, -1) RETURNING id`,
  )
    .bind(
      `test-challenge-${now.toString(36)}-${++made}`,
      o.multiplier ?? 101,
      JSON.stringify({ USD: minBet, EUR: minBet, BRL: minBet }),
      o.winners ?? 2,
      JSON.stringify({ USD: PRIZE, EUR: PRIZE }),
      o.starts_at ?? now - HOUR,
      o.ends_at ?? now + HOUR,
      JSON.stringify({ en: { title: "Test challenge", description: "First to hit" } }),
    )
    .first<number>("id");
  return row!;
}

async function funded(amount = 100_000): Promise<Player> {
  const p = await registerPlayer();
  await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: amount }] });
  return p;
}

type Round = { id: string; bet: number; win: number };

/** A real Limbo round at `target` (JSON answer). */
const limbo = async (p: Player, bet = 100, target = "1.01", mode = "real") =>
  data<Round>(playRound(p.browser, "pf-limbo", { bet, mode, round_id: roundId(), target }));

/** Real Limbo rounds at ×1.01 until one wins (98 % of them do). */
async function hit(p: Player, bet = 100): Promise<Round> {
  for (let i = 0; i < 20; i++) {
    const r = await limbo(p, bet);
    if (r.win > 0) return r;
  }
  throw new Error("no winning Limbo round at ×1.01 in 20");
}

const claimsOf = async (id: number) =>
  (
    await env.DB.prepare("SELECT rank, uid, round_id, bet, win, currency FROM challenge_claims WHERE challenge_id = ?1 ORDER BY rank")
      .bind(id)
      .all<{ rank: number; uid: number; round_id: string; bet: number; win: number; currency: string }>()
  ).results;

const prizeOps = async (p: Player, id: number) =>
  (
    await playerDb(p.uid)
      .prepare("SELECT type, key FROM wallet_operations WHERE uid = ?1 AND key = ?2")
      .bind(p.uid, prizeKey(id, p.uid))
      .all<{ type: string; key: string }>()
  ).results;

const listed = async (p: Player | null, id: number): Promise<Challenge> => {
  const answer = await data<{ items: Challenge[] }>(p ? p.browser.get("challenges/get") : get("challenges/get"));
  const c = answer.items.find((x) => x.id === id);
  if (!c) throw new Error(`challenge ${id} not listed`);
  return c;
};

describe("first-to-hit challenges", () => {
  it("gives the first hit a place and pays its prize once; a second hit of the same player takes nothing", async () => {
    const id = await makeChallenge();
    const p = await funded();
    const round = await hit(p);
    expect(await claimsOf(id)).toEqual([{ rank: 1, uid: p.uid, round_id: round.id, bet: 100, win: 101, currency: "USD" }]);
    // Paid with the round's answer: the stake back ×1.01, the prize on top.
    const after = await mainBalance(p);
    expect(await prizeOps(p, id)).toEqual([{ type: "challenge_prize", key: prizeKey(id, p.uid) }]);
    await hit(p);
    expect(await claimsOf(id)).toHaveLength(1);
    expect(await prizeOps(p, id)).toHaveLength(1);
    const again = await mainBalance(p);
    expect(again).toBe(after + 1); // the second round's ×1.01 only

    const c = await listed(p, id);
    expect(c).toMatchObject({
      title: "Test challenge",
      game: { sysname: "pf-limbo", title: "Limbo" },
      multiplier: 101,
      min_bet: { amount: 100, currency: "USD" },
      winners: 2,
      claimed: 1,
      status: "active",
      prize: { type: "money", amount: { amount: PRIZE, currency: "USD" } },
      me: { rank: 1, best: 101 },
    });
    expect(c.claims).toMatchObject([{ rank: 1, multiplier: 101, is_me: true }]);
    // A visitor sees the places, not anyone's progress.
    const seen = await listed(null, id);
    expect(seen.me).toBeNull();
    expect(seen.claims).toMatchObject([{ rank: 1, multiplier: 101, is_me: false }]);
  });

  it("counts only what it takes: the least bet, the multiplier, real money, the challenge's time", async () => {
    const id = await makeChallenge({ multiplier: 200 });
    const p = await funded();
    // ×1.01 is not ×2.
    await hit(p);
    // ×2 under the least bet (0.50 of 1.00): nothing either.
    for (let i = 0; i < 6; i++) await limbo(p, 50, "2");
    // A demo round is play money.
    for (let i = 0; i < 6; i++) await limbo(p, 100, "2", "demo");
    expect(await claimsOf(id)).toEqual([]);
    const c = await listed(p, id);
    expect(c.me).toEqual({ rank: null, best: 101 });

    // A challenge that ended, or has not started, takes no hit.
    const ended = await makeChallenge({ starts_at: Date.now() - 2 * HOUR, ends_at: Date.now() - HOUR });
    const later = await makeChallenge({ starts_at: Date.now() + HOUR, ends_at: Date.now() + 2 * HOUR });
    await hit(p);
    expect(await claimsOf(ended)).toEqual([]);
    expect(await claimsOf(later)).toEqual([]);
    expect((await listed(p, ended)).status).toBe("finished");
    expect((await listed(p, later)).status).toBe("future");
  });

  it("gives exactly N places when more players hit at once, one prize each, and says it is full", async () => {
    const id = await makeChallenge({ winners: 3 });
    const players = await Promise.all(Array.from({ length: 6 }, () => funded()));
    await Promise.all(players.map((p) => hit(p)));
    const claims = await claimsOf(id);
    expect(claims.map((k) => k.rank)).toEqual([1, 2, 3]);
    const winners = new Set(claims.map((k) => k.uid));
    expect(winners.size).toBe(3);
    for (const p of players) expect(await prizeOps(p, id)).toHaveLength(winners.has(p.uid) ? 1 : 0);
    expect((await listed(players[0]!, id)).status).toBe("full");
  });

  it("takes a hit delivered twice once (the outbox delivers at least once)", async () => {
    const id = await makeChallenge();
    const p = await funded();
    const before = await mainBalance(p);
    const body = { uid: p.uid, challenge_id: id, round_id: `round-twice-${p.uid}`, bet: 100, win: 500, currency: "USD", hit_at: Date.now() };
    await claimHit(env, p.uid, body);
    await claimHit(env, p.uid, body);
    expect(await claimsOf(id)).toHaveLength(1);
    expect(await mainBalance(p)).toBe(before + PRIZE);
    // Another player's hit in this player's name is refused.
    await expect(claimHit(env, p.uid, { ...body, uid: p.uid + 1 })).rejects.toThrow(/not a hit of player/);
  });

  it("tells a player who took a place by web push, once; one who finds the places taken is owed none", async () => {
    const id = await makeChallenge({ winners: 1, multiplier: 101 });
    const first = await funded();
    const late = await funded();
    for (const p of [first, late]) await data(p.browser.post("push/subscribeDemo", { topics: "tournaments" }));
    await hit(first);
    await hit(first);
    await hit(late);
    expect(await claimsOf(id)).toMatchObject([{ rank: 1, uid: first.uid }]);
    // This challenge's pushes (the file's other challenges still run, and take these hits too), as
    // the player's object's alarm sends them once the claim's batch owed them.
    const told = async (p: Player) =>
      (await relayInbox(env, { uid: p.uid })).filter((m) => (JSON.parse(m.text) as { tag: string }).tag === `challenge-place:${id}`);
    await vi.waitFor(async () => expect(await told(first)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    expect((await told(first)).map((m) => [m.title, m.body, m.url])).toEqual([
      ["You took a place in a challenge", "You were among the first to hit ×1.01 on Limbo: the prize is yours.", "/tournaments"],
    ]);
    // The late player's claim took nothing, so its batch owed no push either: once their outbox has
    // sent what it had, their relay inbox holds none for this challenge.
    const sending = async (p: Player) =>
      (await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM player_outbox WHERE kind = 'push.send'").first<number>("n")) ?? 0;
    await vi.waitFor(async () => expect(await sending(late)).toBe(0), { timeout: 10_000, interval: 100 });
    expect(await told(late)).toEqual([]);
  });
});
