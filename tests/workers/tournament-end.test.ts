import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { playerDb } from "./player-db";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { runTournamentClock } from "../../workers/platform/tournaments/end";
import { ORIGIN, data, send } from "./helpers";
import { gameOf, playerWith, real } from "./loyalty-helpers";
import { moneyDeps } from "./realtime-helpers";
import { makeTournament, pointsOf } from "./tournament-helpers";

/** The tournaments' clock (issue 22, decision 0048): start, end, winners recorded and paid exactly once. */

async function tick(scheduledTime: number): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const endNow = (id: number) => send(`/platform/demo/tournaments/${id}/end`, { method: "POST", headers: { origin: ORIGIN } });

/** What the prizes left behind: the wallet operations, bonuses and packs keyed by the tournament. */
async function payouts(id: number) {
  const like = `tournament:${id}:%`;
  type Row = Record<string, any>;
  const winners = (await env.DB.prepare("SELECT rank, uid, points, paid_at FROM tournament_winners WHERE tournament_id = ?1 ORDER BY rank").bind(id).all<Row>())
    .results;
  // Each winner's own tables (decision 0075), in the order of the keys.
  const mine = await Promise.all(
    [...new Set(winners.map((w) => w.uid as number))].map(async (uid) => {
      const db = playerDb(uid);
      const [ops, bonuses, packs] = await db.batch([
        db.prepare("SELECT uid, key, type FROM wallet_operations WHERE uid = ?2 AND key LIKE ?1").bind(like, uid),
        db.prepare("SELECT uid, grant_key, amount, status FROM player_bonuses WHERE uid = ?2 AND grant_key LIKE ?1").bind(like, uid),
        db.prepare("SELECT uid, grant_key, count FROM freespin_packs WHERE uid = ?2 AND grant_key LIKE ?1").bind(like, uid),
      ]);
      return { ops: ops!.results as Row[], bonuses: bonuses!.results as Row[], packs: packs!.results as Row[] };
    }),
  );
  // As SQL's ORDER BY would (binary).
  const by = (k: string) => (a: Row, b: Row) => (String(a[k]) < String(b[k]) ? -1 : String(a[k]) > String(b[k]) ? 1 : 0);
  return {
    ops: mine.flatMap((m) => m.ops).sort(by("key")),
    bonuses: mine.flatMap((m) => m.bonuses).sort(by("grant_key")),
    packs: mine.flatMap((m) => m.packs).sort(by("grant_key")),
    winners,
  };
}

describe("the tournaments' clock", () => {
  it("ends a tournament: final ranks recorded, money, bonus and free spins paid once; repeated runs change nothing", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({
      scoring: "rounds",
      opt_in: false,
      games: [slot],
      prizes: [
        [1, 1, "money", 1000],
        [2, 2, "bonus", "tournament-bonus-25"],
        [3, 4, "freespins", "tournament-spins-10"],
      ],
    });
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => playerWith(100_000)));
    for (let i = 0; i < 3; i++) await real(a!, slot, 100);
    for (let i = 0; i < 2; i++) await real(b!, slot, 100);
    await real(c!, slot, 100); // c reaches 1 point before d and e: ranks 3, 4, 5
    await real(d!, slot, 100);
    await real(e!, slot, 100);

    const res = await endNow(id);
    expect(res.status).toBe(200);
    expect((await res.json<{ data: { finished: number[] } }>()).data.finished).toEqual([id]);
    const first = await payouts(id);
    expect(first.winners.map((w) => [w.rank, w.uid, w.points])).toEqual([
      [1, a!.uid, 3],
      [2, b!.uid, 2],
      [3, c!.uid, 1],
      [4, d!.uid, 1],
    ]);
    expect(first.winners.every((w) => w.paid_at !== null)).toBe(true);
    expect(first.ops).toEqual([{ uid: a!.uid, key: `tournament:${id}:1`, type: "tournament_prize" }]);
    expect(first.bonuses).toEqual([{ uid: b!.uid, grant_key: `tournament:${id}:2`, amount: 2500, status: "available" }]);
    expect(first.packs.map((p) => [p.uid, p.grant_key, p.count])).toEqual([
      [c!.uid, `tournament:${id}:3`, 10],
      [d!.uid, `tournament:${id}:4`, 10],
    ]);
    const balance = await data(a!.browser.get("account/getBalance"));

    // Again: the clock directly, the cron, and the hook (refused: it is over).
    const deps = moneyDeps();
    expect(await runTournamentClock(deps, Date.now())).toMatchObject({ finished: [], paid: 0 });
    await deps.settled();
    await tick(Date.now());
    expect((await endNow(id)).status).toBe(404);
    expect(await payouts(id)).toEqual(first);
    expect(await data(a!.browser.get("account/getBalance"))).toEqual(balance);

    // The finished tournament: winners with their prizes; rounds no longer score.
    const [t] = (await data(a!.browser.get("tournaments/get", { ids: String(id) }))).items;
    expect(t.status).toBe("finished");
    expect(t.winners.map((w: { rank: number; points: number; prize: { type: string } }) => [w.rank, w.points, w.prize.type])).toEqual([
      [1, 3, "money"],
      [2, 2, "bonus"],
      [3, 1, "freespins"],
      [4, 1, "freespins"],
    ]);
    expect(t.winners[0].prize.amount).toEqual({ amount: 1000, currency: "USD" });
    expect(t.user_info).toMatchObject({ participating: true, rank: 1, points: 3, points_to_prize: null });
    await real(a!, slot, 100);
    expect(await pointsOf(id, a!.uid)).toBe(3);
  });

  it("starts a future tournament when its start comes; the hook refuses an unknown tournament", async () => {
    const slot = await gameOf("slot");
    const now = Date.now();
    const id = await makeTournament({ status: "future", starts_at: now + 60_000, ends_at: now + 3_600_000, games: [slot] });
    await tick(now);
    expect(await env.DB.prepare("SELECT status FROM tournaments WHERE id = ?1").bind(id).first("status")).toBe("future");
    await tick(now + 60_000);
    expect(await env.DB.prepare("SELECT status FROM tournaments WHERE id = ?1").bind(id).first("status")).toBe("active");
    expect((await endNow(999_999)).status).toBe(404);
  });

  it("a tournament without entries finishes with no winners", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({ games: [slot], prizes: [[1, 1, "money", 1000]] });
    expect((await endNow(id)).status).toBe(200);
    expect(await payouts(id)).toEqual({ ops: [], bonuses: [], packs: [], winners: [] });
    expect(await env.DB.prepare("SELECT status FROM tournaments WHERE id = ?1").bind(id).first("status")).toBe("finished");
  });
});

describe("the copy hook (demo and test)", () => {
  const copyOf = (id: number) => send(`/platform/demo/tournaments/${id}/copy`, { method: "POST", headers: { origin: ORIGIN } });
  const rowOf = (id: number) => env.DB.prepare("SELECT * FROM tournaments WHERE id = ?1").bind(id).first<Record<string, unknown>>();
  const childrenOf = async (id: number) => {
    const [games, prizes] = await env.DB.batch([
      env.DB.prepare("SELECT game_id FROM tournament_games WHERE tournament_id = ?1 ORDER BY game_id").bind(id),
      env.DB.prepare(
        "SELECT place_from, place_to, type, money, bonus_template_id, freespin_template_id, texts FROM tournament_prizes WHERE tournament_id = ?1 ORDER BY place_from",
      ).bind(id),
    ]);
    return { games: games!.results, prizes: prizes!.results };
  };

  it("makes an active tournament with the original's rules, games and prizes and no players, even of a finished one; each copy its own", async () => {
    const slot = await gameOf("slot");
    const original = await makeTournament({
      scoring: "rounds",
      opt_in: false,
      games: [slot],
      prizes: [
        [1, 1, "money", 1000],
        [2, 3, "bonus", "tournament-bonus-25"],
      ],
    });
    const player = await playerWith(100_000);
    await real(player, slot, 100);
    expect(await pointsOf(original, player.uid)).toBe(1);
    expect((await endNow(original)).status).toBe(200);

    const before = Date.now();
    const first = await data<{ id: number; sysname: string }>(copyOf(original));
    const second = await data<{ id: number; sysname: string }>(copyOf(original));
    const source = (await rowOf(original))!;
    expect(first.id).not.toBe(second.id);
    for (const copy of [first, second]) {
      const row = (await rowOf(copy.id))!;
      expect(copy.sysname.startsWith(`${source.sysname}-copy-`)).toBe(true);
      expect(row).toMatchObject({ sysname: copy.sysname, status: "active", scoring: "rounds", texts: source.texts, opt_in: source.opt_in, finished_at: null });
      expect(row.starts_at as number).toBeLessThan(Date.now());
      expect(row.ends_at as number).toBeGreaterThanOrEqual(before + 24 * 60 * 60_000);
      expect(await childrenOf(copy.id)).toEqual(await childrenOf(original));
      expect(await pointsOf(copy.id, player.uid)).toBeNull();
    }
    expect((await childrenOf(first.id)).prizes).toHaveLength(2);
    // Listed after every other tournament, so left-over copies push none out of a list.
    const { last } = (await env.DB.prepare("SELECT MAX(position) AS last FROM tournaments WHERE id <> ?1").bind(second.id).first<{ last: number }>())!;
    expect((await rowOf(second.id))!.position).toBe(last + 1);
    expect((await copyOf(999_999)).status).toBe(404);
  });
});
