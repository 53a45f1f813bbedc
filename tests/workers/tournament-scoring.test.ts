import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { playRound, roundId } from "./game-studio-helpers";
import { data } from "./helpers";
import { gameOf, playerWith, real } from "./loyalty-helpers";
import { checkLedger, entryOf, join, leaderboard, makeTournament, pointsOf, roundRow } from "./tournament-helpers";
import { playerDb } from "./player-db";
import { refreshMirror } from "../../workers/platform/player/remote-d1";
import { INBOX_GRACE_MS, inboxEntry, sweepInbox } from "../../workers/platform/player/inbox";

/** Tournament points in the round's batch (issue 22, decision 0048): each mode, cap, min bet, games, restrictions, opt-in. */

/** Another slot than `slot` (the tournament's game). */
const slotB = async (slot: { id: number }) =>
  (await env.DB.prepare(
    "SELECT id, sysname FROM games WHERE kind = 'slot' AND min_bet <= 100 AND max_bet >= 1000 AND is_sportsbook = 0 AND id <> ?1 ORDER BY id LIMIT 1",
  )
    .bind(slot.id)
    .first<{ id: number; sysname: string }>())!;

describe("tournament scoring", () => {
  it("each mode scores the real-money round: multiplier ⌊win×100÷bet⌋ (capped), wins, bets, rounds", async () => {
    const slot = await gameOf("slot");
    const modes = {
      multiplier: await makeTournament({ scoring: "multiplier", cap: 150, games: [slot] }),
      uncapped: await makeTournament({ scoring: "multiplier", games: [slot] }),
      wins: await makeTournament({ scoring: "wins", games: [slot] }),
      bets: await makeTournament({ scoring: "bets", games: [slot] }),
      rounds: await makeTournament({ scoring: "rounds", games: [slot] }),
    };
    const p = await playerWith(10_000_000);
    for (const id of Object.values(modes)) expect(await data(join(p, id))).toBe(1);
    const expected = { multiplier: 0, uncapped: 0, wins: 0, bets: 0, rounds: 0 };
    // Until a round wins more than 1.5× (the cap bites) and at least 12 rounds.
    for (let i = 0; i < 400 && (i < 12 || expected.uncapped === expected.multiplier); i++) {
      const r = (await roundRow(p.uid, await real(p, slot, 100)))!;
      expected.multiplier += Math.min(150, Math.floor((r.win * 100) / r.bet));
      expected.uncapped += Math.floor((r.win * 100) / r.bet);
      expected.wins += r.win;
      expected.bets += r.bet;
      expected.rounds += 1;
    }
    expect(expected.uncapped).toBeGreaterThan(expected.multiplier);
    for (const [mode, id] of Object.entries(modes)) {
      expect([mode, await pointsOf(id, p.uid)]).toEqual([mode, expected[mode as keyof typeof expected]]);
      await checkLedger(id);
    }
    const receipts = await data(p.browser.get("tournaments/receipts", { tournament_id: modes.bets }));
    expect(receipts.count).toBe(expected.rounds);
    expect(receipts.items[0]).toMatchObject({ game: slot.sysname, bet: { amount: 100, currency: "USD" }, points: 100 });
  });

  it("only the tournament's games, real money at or above min_bet; demo rounds never score", async () => {
    const slot = await gameOf("slot");
    const other = await slotB(slot);
    const id = await makeTournament({ scoring: "bets", min_bet: { USD: 200 }, games: [slot] });
    const p = await playerWith(100_000);
    await data(join(p, id));
    await real(p, slot, 100); // below min_bet
    await real(p, other, 500); // not the tournament's game
    await data(playRound(p.browser, slot.sysname, { mode: "demo", bet: 500, round_id: roundId() }));
    expect(await pointsOf(id, p.uid)).toBe(0);
    await real(p, slot, 200);
    expect(await pointsOf(id, p.uid)).toBe(200);
    await checkLedger(id);
  });

  it("opt-in: rounds before joining do not score; automatic: the first round makes the entry", async () => {
    const slot = await gameOf("slot");
    const optIn = await makeTournament({ scoring: "rounds", games: [slot] });
    const auto = await makeTournament({ scoring: "rounds", opt_in: false, games: [slot] });
    const p = await playerWith(100_000);
    await real(p, slot, 100);
    expect(await entryOf(optIn, p.uid)).toBeNull();
    expect(await pointsOf(auto, p.uid)).toBe(1);
    await data(join(p, optIn));
    await real(p, slot, 100);
    expect(await pointsOf(optIn, p.uid)).toBe(1);
    expect(await pointsOf(auto, p.uid)).toBe(2);
    await checkLedger(optIn);
    await checkLedger(auto);
  });

  it("opt-in: the join is the player's own (their object's copy); one whose delivery died with the Worker arrives by the cron", async () => {
    const slot = await gameOf("slot");
    const joined = await makeTournament({ scoring: "rounds", games: [slot] });
    const late = await makeTournament({ scoring: "rounds", games: [slot] });
    const p = await playerWith(100_000);
    await data(join(p, joined));
    expect(await playerDb(p.uid).prepare("SELECT tournament_id FROM tournament_joins WHERE uid = ?1").bind(p.uid).all()).toMatchObject({
      results: [{ tournament_id: joined }],
    });
    // The second join's D1 batch committed (its entry and the debt to the object), the Worker died before delivering it.
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, 0, ?3, ?3)").bind(late, p.uid, now),
      inboxEntry(
        env.DB,
        { uid: p.uid },
        { key: `tournament-join:${late}:${p.uid}`, kind: "tournaments.joined", body: { tournament_id: late, joined_at: now } },
        now,
      ),
    ]);
    await real(p, slot, 100);
    expect(await pointsOf(joined, p.uid)).toBe(1);
    expect(await pointsOf(late, p.uid)).toBe(0);
    expect(await sweepInbox(env, now + INBOX_GRACE_MS)).toEqual({ delivered: 1, failed: 0 });
    await real(p, slot, 100);
    expect(await pointsOf(joined, p.uid)).toBe(2);
    expect(await pointsOf(late, p.uid)).toBe(1);
    // Joining again changes nothing.
    await data(join(p, late));
    await real(p, slot, 100);
    expect(await pointsOf(late, p.uid)).toBe(2);
    await checkLedger(joined);
    await checkLedger(late);
  });

  it("an automatic tournament scores only players of its currencies and countries", async () => {
    const slot = await gameOf("slot");
    const eurOnly = await makeTournament({ scoring: "rounds", opt_in: false, currencies: ["EUR"], games: [slot] });
    const brOnly = await makeTournament({ scoring: "rounds", opt_in: false, countries: ["BR"], games: [slot] });
    const usd = await playerWith(100_000);
    await real(usd, slot, 100);
    expect(await entryOf(eurOnly, usd.uid)).toBeNull();
    expect(await entryOf(brOnly, usd.uid)).toBeNull();
    await env.DB.prepare("UPDATE users SET country_code = 'BR' WHERE uid = ?1").bind(usd.uid).run();
    // The change as the platform makes one (a completed registration): the player's object follows D1.
    await refreshMirror(env, usd.uid);
    await real(usd, slot, 100);
    expect(await pointsOf(brOnly, usd.uid)).toBe(1);
    expect(await entryOf(eurOnly, usd.uid)).toBeNull();
    await checkLedger(brOnly);
  });

  it("bonus money never scores: only the main balance's part of a bet counts", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({ scoring: "bets", opt_in: false, games: [slot] });
    const p = await playerWith(100);
    const list = await data(p.browser.get("bonuses/get"));
    const bonusId = list.available.find((b: { sysname: string }) => b.sysname === "no-deposit").id;
    await data(p.browser.post("bonuses/activate", { bonus_id: bonusId }));
    // 2.00 bets: the first 1.00 from the main balance and 1.00 from the bonus; the second is the bonus's alone.
    await real(p, slot, 200);
    await real(p, slot, 200);
    expect(await pointsOf(id, p.uid)).toBe(100);
    const receipts = await data(p.browser.get("tournaments/receipts", { tournament_id: id }));
    expect(receipts.items.map((r: { bet: { amount: number }; points: number }) => [r.bet.amount, r.points])).toEqual([[100, 100]]);
    await checkLedger(id);
  });

  it("a replayed round scores once", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({ scoring: "rounds", opt_in: false, games: [slot] });
    const p = await playerWith(100_000);
    const round = roundId();
    await real(p, slot, 100, round);
    const again = await data(playRound(p.browser, slot.sysname, { mode: "real", bet: 100, round_id: round }));
    expect(again.replayed).toBe(true);
    expect(await pointsOf(id, p.uid)).toBe(1);
    await checkLedger(id);
  });

  it("ties rank by who reached the points first; the leaderboard shows the reader's row", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({ scoring: "rounds", opt_in: false, games: [slot], prizes: [[1, 1, "money", 1000]] });
    const a = await playerWith(100_000);
    const b = await playerWith(100_000);
    await real(a, slot, 100);
    await real(b, slot, 100);
    const board = await leaderboard(b, id);
    expect(board.items.map((r: { rank: number; is_me: boolean }) => [r.rank, r.is_me])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(board.me).toMatchObject({ rank: 2, points: 1, is_me: true });
    expect(board.points_to_prize).toBe(1);
    await real(b, slot, 100);
    expect((await leaderboard(b, id)).me.rank).toBe(1);
    expect((await leaderboard(b, id)).points_to_prize).toBe(0);
  });
});

describe("the cost of scoring", () => {
  it("a round outside every tournament costs the same however many tournaments there are: an index probe", async () => {
    const { roundScoringStatements } = await import("../../workers/platform/tournaments/scoring");
    const outside = (await env.DB.prepare(
      "SELECT id, sysname FROM games WHERE kind = 'slot' AND min_bet <= 100 AND max_bet >= 1000 AND id NOT IN (SELECT game_id FROM tournament_games) ORDER BY id LIMIT 1",
    ).first<{ id: number; sysname: string }>())!;
    const p = await playerWith(100_000);
    const round = await real(p, outside, 100);
    // The statements the round's batch carried, run again under a fresh key: nothing qualifies.
    const cost = async () => {
      const own = playerDb(p.uid);
      const { statements } = roundScoringStatements(own, {
        uid: p.uid,
        roundId: round,
        gameId: outside.id,
        operationKey: `probe:${crypto.randomUUID()}`,
        betMain: 100,
        winMain: 0,
        bonusId: null,
      });
      const results = await own.batch(statements);
      expect(await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM tournament_points WHERE round_id = ?1").bind(round).first("n")).toBe(0);
      return results.map((r) => r.meta.rows_read);
    };
    const before = await cost();
    const others = (
      await env.DB.prepare("SELECT id, sysname FROM games WHERE kind = 'slot' AND id <> ?1 ORDER BY id LIMIT 10")
        .bind(outside.id)
        .all<{ id: number; sysname: string }>()
    ).results;
    for (let i = 0; i < 5; i++) await makeTournament({ scoring: "rounds", opt_in: false, games: others });
    expect(await cost()).toEqual(before);
    expect(before.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8);
  });
});
