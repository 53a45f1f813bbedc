import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RECEIVERS } from "../../workers/platform/player/deliveries";
import { applyEntries } from "../../workers/platform/tournaments/entries";
import { registerPlayer } from "./auth-helpers";
import { entryOf, makeTournament } from "./tournament-helpers";

/**
 * Tournament entries delivered from a player's object (decision 0075, tournaments/entries.ts):
 * absolute totals with the player's last points row id as the version. A delivery repeated,
 * overtaken or late changes nothing; only a newer one moves the entry.
 */
/** A tournament of its own on any game (the entries are what is tested, not the scoring). */
async function tournament(): Promise<number> {
  const game = (await env.DB.prepare("SELECT id, sysname FROM games WHERE is_sportsbook = 0 LIMIT 1").first<{ id: number; sysname: string }>())!;
  return makeTournament({ games: [game], opt_in: false });
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
});
