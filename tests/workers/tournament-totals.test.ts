import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TOURNAMENT_COLUMNS, TOURNAMENT_FROM } from "../../workers/platform/tournaments/view";
import { registerPlayer } from "./auth-helpers";
import { data, get } from "./helpers";
import { makeTournament } from "./tournament-helpers";
import { countingD1, type D1Tally } from "../../workers/d1-stats";
import { boardRank, boardRead, pointsToPrize, standings } from "../../workers/platform/tournaments/ranks";

/**
 * A tournament's counts are kept as numbers (issue 39, migration 0066): what tournaments.get and
 * leaderboard.get answer must still equal what the games and the entries add up to, after many
 * entries joined, scored, were overtaken, rewritten and removed.
 */
const ENTRANTS = 240;

async function counted(id: number) {
  const row = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM tournament_games WHERE tournament_id = ?1) AS games,
       (SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = ?1) AS participants,
       (SELECT COALESCE(SUM(points), 0) FROM tournament_entries WHERE tournament_id = ?1) AS points,
       (SELECT COUNT(*) FROM tournament_entries WHERE tournament_id = ?1 AND points > 0) AS ranked,
       (SELECT COALESCE(SUM(points_version), 0) FROM tournament_entries WHERE tournament_id = ?1) AS versions`,
  )
    .bind(id)
    .first<{ games: number; participants: number; points: number; ranked: number; versions: number }>();
  return row!;
}

async function answered(id: number) {
  const [t] = (await data(get("tournaments/get", { ids: String(id) }))).items;
  const board = await data(get("leaderboard/get", { tournament_id: id, count: 5 }));
  return { games: t.games_count, participants: t.total_participants, points: t.total_points, ranked: board.total, versions: board.version };
}

describe("tournament totals kept as numbers (migration 0066)", () => {
  it("answers the counts the games and entries add up to, through joins, deliveries, overtaken deliveries and removals", async () => {
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id LIMIT 30").all<{ id: number; sysname: string }>()).results;
    const id = await makeTournament({ games: games.slice(0, 20) });
    expect(await answered(id)).toEqual({ games: 20, participants: 0, points: 0, ranked: 0, versions: 0 });

    const base = 900_000_000 + (id % 1000) * 1000;
    const users = Array.from({ length: ENTRANTS }, (_, i) => base + i);
    await env.DB.batch(
      users.map((uid) =>
        env.DB.prepare("INSERT INTO users (uid, login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, 0, 0, 'en', 'USD')").bind(
          uid,
          `totals-${uid}`,
        ),
      ),
    );
    // Joins (as tournaments.participate writes them), then deliveries of absolute totals by version
    // (as the board writes them: board-record.ts), some overtaken by an older version.
    const join = env.DB.prepare(
      "INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, 0, ?3, ?3) ON CONFLICT (tournament_id, uid) DO NOTHING",
    );
    const deliver = env.DB.prepare(
      `INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at, points_version) VALUES (?1, ?2, ?3, ?4, ?4, ?5)
       ON CONFLICT (tournament_id, uid) DO UPDATE SET points = excluded.points, reached_at = excluded.reached_at, points_version = excluded.points_version
       WHERE excluded.points_version > tournament_entries.points_version`,
    );
    await env.DB.batch(users.slice(0, 200).map((uid) => join.bind(id, uid, 1)));
    await env.DB.batch(users.map((uid, i) => deliver.bind(id, uid, (i * 37) % 101, 2 + i, 10 + i)));
    await env.DB.batch(users.filter((_, i) => i % 3 === 0).map((uid, i) => deliver.bind(id, uid, 500 + i, 5_000 + i, 1_000 + i)));
    await env.DB.batch(users.filter((_, i) => i % 5 === 0).map((uid) => deliver.bind(id, uid, 1, 1, 5))); // older: changes nothing
    await env.DB.batch(users.filter((_, i) => i % 7 === 0).map((uid, i) => deliver.bind(id, uid, 0, 9_000, 2_000 + i))); // back to 0 (a cashout)
    await env.DB.prepare("DELETE FROM tournament_entries WHERE tournament_id = ?1 AND uid IN (?2, ?3, ?4)").bind(id, users[1], users[2], users[200]).run();
    await env.DB.batch(
      games.slice(20, 25).map((g) => env.DB.prepare("INSERT OR IGNORE INTO tournament_games (tournament_id, game_id) VALUES (?1, ?2)").bind(id, g.id)),
    );
    await env.DB.prepare("INSERT OR IGNORE INTO tournament_games (tournament_id, game_id) VALUES (?1, ?2)").bind(id, games[0]!.id).run();
    await env.DB.prepare("DELETE FROM tournament_games WHERE tournament_id = ?1 AND game_id = ?2").bind(id, games[3]!.id).run();

    const want = await counted(id);
    expect(want).toMatchObject({ games: 24, participants: ENTRANTS - 3 });
    expect(want.ranked).toBeGreaterThan(100);
    expect(await answered(id)).toEqual(want);
    // The kept row is the same numbers.
    expect(
      await env.DB.prepare("SELECT games, participants, points, ranked, versions FROM tournament_totals WHERE tournament_id = ?1").bind(id).first(),
    ).toEqual(want);
  });

  it("reads a tournament with its counts in the same rows whatever its entrants: tournaments.get's statement reads no entry", async () => {
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id DESC LIMIT 3").all<{ id: number; sysname: string }>()).results;
    const id = await makeTournament({ games });
    const rowsOf = async () => (await env.DB.prepare(`SELECT ${TOURNAMENT_COLUMNS} FROM ${TOURNAMENT_FROM} WHERE t.id = ?1`).bind(id).all()).meta.rows_read;
    const before = await rowsOf();
    const base = 950_000_000 + (id % 1000) * 1000;
    const users = Array.from({ length: 150 }, (_, i) => base + i);
    await env.DB.batch(
      users.map((uid) =>
        env.DB.prepare("INSERT INTO users (uid, login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, 0, 0, 'en', 'USD')").bind(
          uid,
          `totals-${uid}`,
        ),
      ),
    );
    await env.DB.batch(
      users.map((uid, i) =>
        env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, ?3, 1, 1)").bind(id, uid, i),
      ),
    );
    expect(await rowsOf()).toBe(before);
    expect((await answered(id)).participants).toBe(150);
  });

  it("answers the reader's place on every card of the list from one statement, as each tournament's leaderboard does", async () => {
    const p = await registerPlayer();
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id LIMIT 2").all<{ id: number; sysname: string }>()).results;
    // Three tournaments: the reader inside the prizes, outside them, and not taking part; one without prizes.
    const ids = [
      await makeTournament({ games, prizes: [[1, 3, "money", 1000]] }),
      await makeTournament({ games, prizes: [[1, 2, "money", 500]] }),
      await makeTournament({ games, prizes: [[1, 1, "money", 100]] }),
      await makeTournament({ games }),
    ];
    const base = 970_000_000 + (ids[0]! % 1000) * 100;
    const others = Array.from({ length: 6 }, (_, i) => base + i);
    await env.DB.batch(
      others.map((uid) =>
        env.DB.prepare("INSERT INTO users (uid, login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, 0, 0, 'en', 'USD')").bind(
          uid,
          `place-${uid}`,
        ),
      ),
    );
    const entry = env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, ?3, ?4, 0)");
    await env.DB.batch([
      ...others.map((uid, i) => entry.bind(ids[0], uid, 10 * (i + 1), i)),
      entry.bind(ids[0], p.uid, 45, 100), // 6 others: 60, 50 ahead → rank 3, inside the 3 prizes
      ...others.map((uid, i) => entry.bind(ids[1], uid, 10 * (i + 1), i)),
      entry.bind(ids[1], p.uid, 25, 100), // 60, 50, 40, 30 ahead → rank 5; the 2nd place holds 50 → 26 to go
      ...others.map((uid, i) => entry.bind(ids[3], uid, i, i)),
      entry.bind(ids[3], p.uid, 3, 1), // a tie on 3 points, reached earlier than the other's (3): rank 3 after 5 and 4
    ]);
    const list = await data(p.browser.get("tournaments/get", { ids: ids.join(","), fields: "user_info" }));
    const byId = new Map(list.items.map((t: { id: number; user_info: unknown }) => [t.id, t.user_info]));
    expect(byId.get(ids[0])).toEqual({ participating: true, rank: 3, points: 45, points_to_prize: 0 });
    expect(byId.get(ids[1])).toEqual({ participating: true, rank: 5, points: 25, points_to_prize: 26 });
    expect(byId.get(ids[2])).toEqual({ participating: false, rank: null, points: 0, points_to_prize: null });
    expect(byId.get(ids[3])).toEqual({ participating: true, rank: 3, points: 3, points_to_prize: null });
    for (const id of ids) {
      const board = await data(p.browser.get("leaderboard/get", { tournament_id: id, count: 3 }));
      const info = byId.get(id) as { rank: number | null; points_to_prize: number | null };
      expect(board.me?.rank ?? null).toBe(info.rank);
      expect(board.points_to_prize).toBe(info.points_to_prize);
      expect(board.total).toBe((await counted(id)).ranked);
      expect(board.items.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3].slice(0, board.total));
    }
  });

  it("answers leaderboard.get's page, the reader's row and points to a prize from one statement as a brute-force ranking does (240+ entrants, ties)", async () => {
    const p = await registerPlayer();
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id LIMIT 2").all<{ id: number; sysname: string }>()).results;
    const id = await makeTournament({ games, prizes: [[1, 25, "money", 1000]] });
    const base = 960_000_000 + (id % 1000) * 1000;
    const uids = Array.from({ length: ENTRANTS + 10 }, (_, i) => base + i);
    const user = env.DB.prepare("INSERT INTO users (uid, login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, 0, 0, 'en', 'USD')");
    const entry = env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, ?3, ?4, 0)");
    // Points 0..39 and reached_at 0..6: many ties on points, some on both (then the uid decides); a tenth with 0 points (unranked).
    const rows = uids.map((uid, i) => ({ uid, points: i % 10 === 0 ? 0 : (i * 7) % 40, reached_at: (i * 3) % 7 }));
    // The reader ties on points with entrants reached earlier, at the same time (a higher uid) and later.
    rows.push({ uid: p.uid, points: 21, reached_at: 3 });
    await env.DB.batch(uids.map((uid) => user.bind(uid, `brute-${uid}`)));
    await env.DB.batch(rows.map((r) => entry.bind(id, r.uid, r.points, r.reached_at)));
    const ranked = rows
      .filter((r) => r.points > 0)
      .sort((a, b) => b.points - a.points || a.reached_at - b.reached_at || a.uid - b.uid)
      .map((r, i) => ({ ...r, rank: i + 1 }));
    const mine = ranked.find((r) => r.uid === p.uid)!;
    const holder = ranked[25 - 1]!;
    for (const [offset, count] of [
      [0, 20],
      [100, 50],
      [ranked.length - 7, 20],
    ] as const) {
      const board = await data(p.browser.get("leaderboard/get", { tournament_id: id, offset, count }));
      expect(board.total).toBe(ranked.length);
      expect(board.items.map((r: { rank: number; points: number; is_me: boolean }) => [r.rank, r.points, r.is_me])).toEqual(
        ranked.slice(offset, offset + count).map((r) => [r.rank, r.points, r.uid === p.uid]),
      );
      expect(board.me).toMatchObject({ rank: mine.rank, points: 21, is_me: true });
      expect(board.points_to_prize).toBe(mine.rank <= 25 ? 0 : holder.points + 1 - mine.points);
    }
    expect(ranked.filter((r) => r.points === 21 && r.reached_at === 3 && r.uid !== p.uid).length).toBeGreaterThan(0);
    expect(ranked.filter((r) => r.points === 21 && r.reached_at < 3).length).toBeGreaterThan(0);
    // The card's place (tournaments.get) is the same.
    const [card] = (await data(p.browser.get("tournaments/get", { ids: String(id), fields: "user_info" }))).items;
    expect(card.user_info).toEqual({ participating: true, rank: mine.rank, points: 21, points_to_prize: mine.rank <= 25 ? 0 : holder.points + 1 - 21 });
    // A visitor: the same page, no row of their own.
    const anon = await data(get("leaderboard/get", { tournament_id: id, count: 20 }));
    expect(anon.items.map((r: { rank: number; points: number }) => [r.rank, r.points])).toEqual(ranked.slice(0, 20).map((r) => [r.rank, r.points]));
    expect(anon.me).toBeNull();
    expect(anon.points_to_prize).toBeNull();
  });

  it("ranks the reader from the tournament's board: the D1 rows a standing reads do not grow with the entrants ahead", async () => {
    const p = await registerPlayer();
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id LIMIT 2").all<{ id: number; sysname: string }>()).results;
    const cost = async (ahead: number) => {
      const id = await makeTournament({ games, prizes: [[1, 3, "money", 1000]] });
      const base = 940_000_000 + (id % 1000) * 1000;
      const uids = Array.from({ length: ahead }, (_, i) => base + i);
      const user = env.DB.prepare("INSERT INTO users (uid, login, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, 0, 0, 'en', 'USD')");
      const entry = env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, ?3, ?4, 0)");
      await env.DB.batch([
        ...uids.map((uid) => user.bind(uid, `ahead-${uid}`)),
        ...uids.map((uid, i) => entry.bind(id, uid, 10 + i, i)),
        entry.bind(id, p.uid, 5, 1),
      ]);
      const tally: D1Tally = { rowsRead: 0, rowsWritten: 0, queries: 0 };
      const db = countingD1(env.DB, tally);
      const [mine] = [...(await standings(boardRank(env, p.uid), db, [{ id, lastPlace: 3 }], p.uid)).values()];
      const board = await boardRead(db, id, 0, 3, p.uid, await boardRank(env, p.uid)(id));
      return { rank: mine!.row?.rank, boardRank: board.mine?.row?.rank, toPrize: pointsToPrize(mine!, 3, false), rows: tally.rowsRead };
    };
    const few = await cost(20);
    const many = await cost(400);
    // Last of 21 and of 401; the 3rd place holds the 3rd highest total (27 or 407): one more than it, less my 5.
    expect([few.rank, few.boardRank, few.toPrize]).toEqual([21, 21, 27 + 1 - 5]);
    expect([many.rank, many.boardRank, many.toPrize]).toEqual([401, 401, 407 + 1 - 5]);
    expect(many.rows).toBe(few.rows);
  });
});
