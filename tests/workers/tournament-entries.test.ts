import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runTournamentClock } from "../../workers/platform/tournaments/end";
import { tournamentBoard, type TournamentBoard } from "../../workers/realtime/tournament-board";
import { moneyDeps } from "./realtime-helpers";
import { RECEIVERS } from "../../workers/platform/player/deliveries";
import { applyEntries } from "../../workers/platform/tournaments/entries";
import { registerPlayer } from "./auth-helpers";
import { entryOf, makeTournament } from "./tournament-helpers";

/**
 * Tournament entries delivered from a player's object (decision 0075, tournaments/entries.ts):
 * absolute totals with the player's last points row id as the version, delivered to the
 * tournament's board, which writes them to the record (D1) with the others'. A delivery repeated,
 * overtaken or late changes nothing; only a newer one moves the entry.
 */

/** What the record holds now, without asking the board to write what it owes. */
const recorded = (id: number, uid: number) =>
  env.DB.prepare("SELECT points, reached_at, points_version FROM tournament_entries WHERE tournament_id = ?1 AND uid = ?2").bind(id, uid).first();

/** The totals the board owes the record (its own storage). */
const owedBy = (id: number) =>
  runInDurableObject(tournamentBoard(env, id) as unknown as DurableObjectStub<TournamentBoard>, async (_board, state) =>
    state.storage.sql.exec("SELECT uid, points, version FROM owed ORDER BY uid").toArray(),
  );
/** A tournament of its own on any game (the entries are what is tested, not the scoring), its first two places paid. */
async function tournament(): Promise<number> {
  const game = (await env.DB.prepare("SELECT id, sysname FROM games WHERE is_sportsbook = 0 LIMIT 1").first<{ id: number; sysname: string }>())!;
  return makeTournament({ games: [game], opt_in: false, prizes: [[1, 2, "money", 1000]] });
}

describe("entries owed by a player's points", () => {
  const body = (uid: number, tournament_id: number, points: number, reached_at: number | null, version: number) => ({
    uid,
    entries: [{ tournament_id, points, reached_at, version }],
  });

  it("take a delivery only when its version is newer: repeats and late ones change nothing", async () => {
    const p = await registerPlayer();
    const id = await tournament();
    await applyEntries(env, body(p.uid, id, 120, 1_000, 5));
    expect(await entryOf(id, p.uid)).toEqual({ points: 120, reached_at: 1_000 });

    await applyEntries(env, body(p.uid, id, 120, 1_000, 5)); // the alarm's repeat
    await applyEntries(env, body(p.uid, id, 40, 500, 3)); // an older delivery, late
    expect(await entryOf(id, p.uid)).toEqual({ points: 120, reached_at: 1_000 });

    await applyEntries(env, body(p.uid, id, 0, 1_000, 6)); // a cashout reset: 0 points, reached_at stays
    expect(await entryOf(id, p.uid)).toEqual({ points: 0, reached_at: 1_000 });
    await applyEntries(env, body(p.uid, id, 30, 2_000, 7));
    expect(await entryOf(id, p.uid)).toEqual({ points: 30, reached_at: 2_000 });
  });

  it("are refused when malformed or another player's, naming why", async () => {
    const p = await registerPlayer();
    const id = await tournament();
    await expect(applyEntries(env, { uid: p.uid, entries: [{ tournament_id: id, points: -1, version: 1 }] })).rejects.toThrow(/not a list of entries/);
    await expect(RECEIVERS["tournaments.entries"](env, p.uid + 1, body(p.uid, id, 1, 1, 1), "k")).rejects.toThrow(/another player's entries/);
    expect(await entryOf(id, p.uid)).toBeNull();
  });

  it("are kept by the board before the delivery answers, and in the record or owed by the board at every moment", async () => {
    const [a, b] = [await registerPlayer(), await registerPlayer()];
    const id = await tournament();
    const board = tournamentBoard(env, id);
    // A burst of deliveries (busy: the board writes the first at once and the rest together later).
    for (let v = 1; v <= 5; v++) {
      await board.record(id, { uid: a.uid, points: v * 10, reached_at: 1_000 + v, version: v });
      await board.record(id, { uid: b.uid, points: v * 7, reached_at: 2_000 + v, version: v });
      // Whatever was written when: the newest total is in the record or owed, never lost.
      for (const [p, points] of [
        [a, v * 10],
        [b, v * 7],
      ] as const) {
        const row = (await recorded(id, p.uid)) as { points: number } | null;
        const owed = (await owedBy(id)).find((o) => o.uid === p.uid);
        expect(owed?.points ?? row?.points).toBe(points);
      }
    }
    await board.record(id, { uid: a.uid, points: 1, reached_at: 1, version: 2 }); // late: changes nothing
    await board.flushed(id);
    expect(await owedBy(id)).toEqual([]);
    expect(await recorded(id, a.uid)).toEqual({ points: 50, reached_at: 1_005, points_version: 5 });
    expect(await recorded(id, b.uid)).toEqual({ points: 35, reached_at: 2_005, points_version: 5 });
    // The live board shows what the record holds.
    const live = await board.live(id, a.uid);
    expect(live.me).toMatchObject({ points: 50 });
    expect(live.items.map((r) => r.points)).toEqual([50, 35]);
  });

  it("still owed when the tournament ends are written before its places are recorded", async () => {
    const [a, b] = [await registerPlayer(), await registerPlayer()];
    const id = await tournament();
    const board = tournamentBoard(env, id);
    await board.record(id, { uid: a.uid, points: 40, reached_at: 1_000, version: 1 });
    await board.flushed(id);
    // b's winning total reached the board but not yet the record (the board was busy).
    await runInDurableObject(board as unknown as DurableObjectStub<TournamentBoard>, async (_board, state) => {
      state.storage.sql.exec("INSERT INTO owed (uid, points, reached_at, version) VALUES (?, 90, 2000, 1)", b.uid);
    });
    expect(await recorded(id, b.uid)).toBeNull();
    await env.DB.prepare("UPDATE tournaments SET ends_at = ?2 WHERE id = ?1")
      .bind(id, Date.now() - 1)
      .run();
    await runTournamentClock(moneyDeps(), Date.now());
    const winners = await env.DB.prepare("SELECT rank, uid, points FROM tournament_winners WHERE tournament_id = ?1 ORDER BY rank").bind(id).all();
    expect(winners.results.slice(0, 2)).toEqual([
      { rank: 1, uid: b.uid, points: 90 },
      { rank: 2, uid: a.uid, points: 40 },
    ]);
  });
});
