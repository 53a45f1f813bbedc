import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { data, failure, get, post } from "./helpers";
import { gameOf, playerWith, real } from "./loyalty-helpers";
import { join, makeTournament, tournamentId } from "./tournament-helpers";

/** tournaments.get, participate, receipts and leaderboard.get on the seeded tournaments (issue 22, decision 0048). */

const titles = (items: { sysname: string }[]) => items.map((t) => t.sysname);

describe("tournaments.get", () => {
  it("lists the seeded tournaments by status, with every SPEC §3 field", async () => {
    const active = await data(get("tournaments/get"));
    expect(titles(active.items)).toEqual(expect.arrayContaining(["slots-sprint", "high-roller-race"]));
    expect(active.count).toBe(active.items.length);
    expect(titles((await data(get("tournaments/get", { status: "future" }))).items)).toContain("weekend-wins");
    expect(titles((await data(get("tournaments/get", { status: "finished" }))).items)).toContain("spring-rounds");

    const sprint = active.items.find((t: { sysname: string }) => t.sysname === "slots-sprint");
    expect(sprint).toMatchObject({
      title: "Slots Sprint",
      status: "active",
      scoring: { mode: "multiplier", cap: 100000 },
      // 100.00 + 50.00 money and a 25.00 bonus; free spins have no amount.
      total_prize: { amount: 17500, currency: "USD" },
      restrictions: { currencies: [], countries: [], min_bet: { amount: 20, currency: "USD" }, opt_in: true },
      reset_on_cashout: false,
      user_info: null,
      winners: [],
    });
    expect(sprint.games_count).toBeGreaterThanOrEqual(12);
    expect(sprint.games).toHaveLength(sprint.games_count);
    expect(sprint.prizes.map((p: { place_from: number; type: string }) => [p.place_from, p.type])).toEqual([
      [1, "money"],
      [2, "money"],
      [3, "bonus"],
      [4, "freespins"],
    ]);
    expect(sprint.prizes[3]).toMatchObject({ place_to: 10, units: 10, amount: null });
    expect(sprint.starts_at).toBeLessThan(Date.now());
    expect(sprint.ends_at).toBeGreaterThan(Date.now());

    const race = active.items.find((t: { sysname: string }) => t.sysname === "high-roller-race");
    expect(race).toMatchObject({ scoring: { mode: "bets", cap: null }, reset_on_cashout: true, provider: "bluefin", restrictions: { opt_in: false } });
  });

  it("the slot the e2e plays (the most popular slot outside the jackpots) is in Slots Sprint", async () => {
    const first = await env.DB.prepare(
      `SELECT g.sysname FROM game_category_games cg JOIN games g ON g.id = cg.game_id
       WHERE cg.category_id = (SELECT id FROM game_categories WHERE sysname = 'slots')
         AND NOT EXISTS (SELECT 1 FROM game_category_games j WHERE j.game_id = cg.game_id AND j.category_id = (SELECT id FROM game_categories WHERE sysname = 'jackpot'))
       ORDER BY cg.popularity DESC, cg.game_id LIMIT 1`,
    ).first<string>("sysname");
    const [sprint] = (await data(get("tournaments/get", { ids: String(await tournamentId("slots-sprint")), fields: "games" }))).items;
    expect(sprint.games).toContain(first);
    expect(sprint.description).toBeNull();
  });

  it("ids picks tournaments of any status; user_info follows the reader", async () => {
    const p = await registerPlayer();
    const ids = [await tournamentId("slots-sprint"), await tournamentId("spring-rounds")];
    const res = await data(p.browser.get("tournaments/get", { ids: ids.join(","), fields: "user_info" }));
    expect(res.items.map((t: { id: number }) => t.id).sort()).toEqual([...ids].sort());
    for (const t of res.items) expect(t.user_info).toMatchObject({ participating: false, rank: null, points: 0 });
    expect(await data(join(p, ids[0]!))).toBe(1);
    expect(await data(join(p, ids[0]!))).toBe(1);
    const [sprint] = (await data(p.browser.get("tournaments/get", { ids: String(ids[0]), fields: "user_info" }))).items;
    expect(sprint.user_info).toMatchObject({ participating: true, rank: null, points: 0 });
  });

  it("a signed-in player's list of many prized tournaments answers each one's place (D1 parses at most 5 terms a compound SELECT)", async () => {
    const p = await registerPlayer();
    const made: number[] = [];
    for (let i = 0; i < 7; i++) made.push(await makeTournament({ games: [], prizes: [[1, 1, "money", 1_000]] }));
    expect(await data(join(p, made[3]!))).toBe(1);
    for (const fields of ["user_info", "description"]) {
      const res = await data(p.browser.get("tournaments/get", { ids: made.join(","), fields }));
      expect(res.items).toHaveLength(7);
    }
    const listed = await data(p.browser.get("tournaments/get", { status: "active", count: 100, fields: "user_info" }));
    expect(listed.items.find((t: { id: number }) => t.id === made[3])?.user_info).toMatchObject({ participating: true, points: 0 });
    expect(listed.items.filter((t: { id: number }) => made.includes(t.id))).toHaveLength(7);
  });

  it("bad input is a 400", async () => {
    await failure(get("tournaments/get", { status: "over" }), 400, "InvalidParameterException");
    await failure(get("tournaments/get", { ids: "1,x" }), 400, "InvalidParameterException");
    await failure(get("tournaments/get", { fields: "nope" }), 400, "InvalidParameterException");
    await failure(get("tournaments/get", { count: 0 }), 400, "InvalidParameterException");
    await failure(get("tournaments/get", { offset: -1 }), 400, "InvalidParameterException");
  });
});

describe("tournaments.participate", () => {
  it("refuses with params.code: unknown 404, finished 409, automatic 409, restricted currency/country 403; visitors 401", async () => {
    const p = await registerPlayer();
    const code = async (id: number, status: number) => (await failure(join(p, id), status, "InvalidParameterException")).params?.code;
    expect(await code(999_999, 404)).toBe("unknown_tournament");
    expect(await code(await tournamentId("spring-rounds"), 409)).toBe("finished");
    expect(await code(await tournamentId("high-roller-race"), 409)).toBe("automatic");
    const slot = await gameOf("slot");
    expect(await code(await makeTournament({ currencies: ["EUR"], games: [slot] }), 403)).toBe("restricted_currency");
    expect(await code(await makeTournament({ countries: ["BR"], games: [slot] }), 403)).toBe("restricted_country");
    expect(await data(join(p, await tournamentId("weekend-wins")))).toBe(1);
    await failure(post("tournaments/participate", { tournament_id: await tournamentId("slots-sprint") }), 401, "AuthorizationException");
    await failure(join(p, 0), 400, "InvalidParameterException");
    await failure(p.browser.post("tournaments/participate", { tournament_id: "abc" }), 400, "InvalidParameterException");
  });
});

describe("receipts and leaderboard.get", () => {
  it("bad input is a 4xx; an unknown tournament a 404", async () => {
    const p = await playerWith(0);
    await failure(get("leaderboard/get", { tournament_id: "x" }), 400, "InvalidParameterException");
    await failure(get("leaderboard/get", { tournament_id: 999_999 }), 404, "InvalidParameterException");
    await failure(get("leaderboard/get", { tournament_id: 1, count: 500 }), 400, "InvalidParameterException");
    await failure(get("tournaments/receipts", { tournament_id: 1 }), 401, "AuthorizationException");
    await failure(p.browser.get("tournaments/receipts", { tournament_id: 999_999 }), 404, "InvalidParameterException");
    await failure(p.browser.get("tournaments/receipts", { tournament_id: 1, count: 0 }), 400, "InvalidParameterException");
  });

  it("a visitor sees the board without a row of their own", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({ scoring: "bets", opt_in: false, games: [slot] });
    const p = await playerWith(100_000);
    await real(p, slot, 300);
    const board = await data(get("leaderboard/get", { tournament_id: id }));
    expect(board).toMatchObject({ tournament_id: id, total: 1, me: null, points_to_prize: null });
    expect(board.items).toEqual([expect.objectContaining({ rank: 1, points: 300, is_me: false })]);
    expect(board.version).toBeGreaterThan(0);
    // A page further on keeps the ranks: the second of three.
    const q = await playerWith(100_000);
    await real(q, slot, 200);
    await real(await playerWith(100_000), slot, 100);
    const page = await data(get("leaderboard/get", { tournament_id: id, offset: 1, count: 1 }));
    expect(page).toMatchObject({ total: 3, items: [{ rank: 2, points: 200 }] });
    expect(page.version).toBeGreaterThan(board.version);
  });
});
