import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { postScores, TournamentBoard, tournamentBoard } from "../../workers/realtime/tournament-board";
import { data, failure, get, ORIGIN, send } from "./helpers";
import { registerPlayer } from "./auth-helpers";
import { boardUpgrade, ensureTournamentTables, makeTournament, openBoard } from "./tournament-board-helpers";
import { makePlayer } from "./wallet-helpers";

// The live board (decision 0048 "The live board"): one TournamentBoard Durable Object per
// tournament, fed by postScores after the platform's batch committed, read by leaderboard.live/top
// and pushed on /realtime/tournaments/{id}. Broadcasts run at the object's alarm, driven here.

beforeAll(ensureTournamentTables);

const T0 = 1_800_000_000_000;
/** Board entries need no users row; where a test registers players, the others take uids far from theirs. */
const entry = (uid: number, points: number, at: number, player = `P${uid}`) => ({ uid, player, points, reached_at: T0 + at });
const live = (id: number | string, headers: HeadersInit = {}) => get("leaderboard/live", { tournament_id: id }, headers);

describe("ranking", () => {
  it("ranks by points, then who got there first, then uid; 0 points has no rank", async () => {
    const id = await makeTournament(2);
    await postScores(env, id, [entry(5, 300, 50), entry(3, 300, 10), entry(4, 300, 10), entry(6, 900, 99), entry(7, 0, 1)]);
    const board = await data(live(id));
    expect(board.items.map((r: any) => [r.rank, r.player, r.points])).toEqual([
      [1, "P6", 900],
      [2, "P3", 300],
      [3, "P4", 300],
      [4, "P5", 300],
    ]);
    expect(board).toMatchObject({ tournament_id: id, total: 4, me: null, points_to_prize: null, socket: `/realtime/tournaments/${id}` });
    expect(board.items.every((r: any) => r.is_me === false)).toBe(true);
    const top = await data(get("leaderboard/top", { tournament_id: id, count: 2 }));
    expect(top.items.map((r: any) => r.player)).toEqual(["P6", "P3"]);
    expect(top.version).toBe(board.version);
  });

  it("gives the signed-in reader their row and the points to the last prize", async () => {
    const id = await makeTournament(2);
    const me = await registerPlayer();
    await postScores(env, id, [entry(me.uid, 120, 5, "Me***1"), entry(100_001, 500, 1), entry(100_002, 200, 2)]);
    const board = await data(live(id, me.browser.headers()));
    expect(board.me).toMatchObject({ rank: 3, points: 120, is_me: true });
    expect(board.items[2].is_me).toBe(true);
    // 2nd place has 200 and reached it earlier: 81 more beats it.
    expect(board.points_to_prize).toBe(81);
    await postScores(env, id, [entry(me.uid, 201, 6, "Me***1")]);
    expect(await data(live(id, me.browser.headers()))).toMatchObject({ me: { rank: 2 }, points_to_prize: 0 });
  });
});

describe("posts", () => {
  it("are idempotent: a repeat changes nothing and an older total never overwrites a newer one", async () => {
    const id = await makeTournament();
    const board = tournamentBoard(env, id);
    const v1 = await board.post(id, [entry(1, 100, 10)]);
    expect(await board.post(id, [entry(1, 100, 10)])).toBe(v1);
    expect(await board.post(id, [entry(1, 50, 5)])).toBe(v1);
    const v2 = await board.post(id, [entry(1, 150, 20)]);
    expect(v2).toBe(v1 + 1);
    expect((await board.live(id, 1)).me).toMatchObject({ points: 150 });
    // A cashout reset (newer, 0 points) takes the player off the board.
    await board.post(id, [entry(1, 0, 30)]);
    expect(await board.live(id, 1)).toMatchObject({ me: null, total: 0, items: [] });
  });

  it("postScores never throws: no tournament, no entries", async () => {
    await expect(postScores(env, 0, [entry(1, 1, 1)])).resolves.toBeUndefined();
    await expect(postScores(env, 1, [])).resolves.toBeUndefined();
  });

  it("the bench's direct post path does not exist without DB_STATS=on", async () => {
    const id = await makeTournament();
    const res = await send(`/__bench/tournament-board/${id}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ entries: [entry(1, 10, 1)] }),
    });
    expect(res.status).toBe(404);
    expect((await tournamentBoard(env, id).top(id, 10)).items).toEqual([]);
    // Nor the count of what the board wrote to D1.
    expect((await send(`/__bench/tournament-board/${id}`)).status).toBe(404);
  });

  it("ignores malformed entries and keeps the good ones of the same post", async () => {
    const id = await makeTournament();
    const junk = [{ uid: -1, player: "x", points: 1, reached_at: 1 }, { uid: 2, player: "y", points: -5, reached_at: 1 }, { uid: 3 }, null];
    await postScores(env, id, [...(junk as any[]), entry(4, 10, 1)]);
    expect((await tournamentBoard(env, id).top(id, 10)).items.map((r) => r.player)).toEqual(["P4"]);
  });
});

describe("rebuild", () => {
  it("a restarted object answers from its own storage, without D1", async () => {
    const id = await makeTournament();
    await postScores(env, id, [entry(1, 70, 1), entry(2, 90, 2)]);
    const stub = tournamentBoard(env, id);
    // Rows are saved at the broadcast tick (not per post).
    await runDurableObjectAlarm(stub);
    const before = await stub.live(id, 0);
    await runInDurableObject(stub, async (_instance: TournamentBoard, state) => {
      const fresh = new TournamentBoard(state, { ...env, DB: undefined } as unknown as Env);
      expect(await fresh.live(id, 0)).toEqual({ ...before, points_to_prize: null });
    });
  });

  it("an object with empty storage loads the record from D1 tournament_entries once", async () => {
    const id = await makeTournament();
    const [a, b] = [await makePlayer(), await makePlayer()];
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET fakename = 'Lucky Seven' WHERE uid = ?1").bind(a),
      env.DB.prepare(
        "INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, 40, ?3, ?3), (?1, ?4, 60, ?3, ?3)",
      ).bind(id, a, T0, b),
    ]);
    const board = await tournamentBoard(env, id).live(id, 0);
    expect(board.items.map((r) => [r.points, r.player])).toEqual([
      [60, expect.stringContaining("***")],
      [40, "Lu***en"],
    ]);
  });
});

describe("/realtime/tournaments/{id}", () => {
  it("refuses a bad or unknown id (404), a non-upgrade (426) and another site's page (403)", async () => {
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999", "424242"]) {
      const res = await boardUpgrade(bad);
      expect(res.status, bad).toBe(404);
      expect(res.webSocket).toBeNull();
    }
    const id = await makeTournament();
    expect((await boardUpgrade(id, { upgrade: "h2c" })).status).toBe(426);
    expect((await boardUpgrade(id, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("sends one leaderboard.updated for a burst, then no sooner than a second after it", async () => {
    const id = await makeTournament();
    const client = await openBoard(id);
    // A new socket starts from the board as it is.
    expect(await client.next()).toMatchObject({ event: "leaderboard.updated", data: { tournament_id: id, items: [], total: 0, version: 0 } });
    const stub = tournamentBoard(env, id);
    await runInDurableObject(stub, async (board: TournamentBoard, state) => {
      // 500 posts in one turn of the object: nothing can broadcast in between.
      for (let i = 1; i <= 500; i++) void board.post(id, [entry(1 + (i % 20), i, i)]);
      expect(await state.storage.getAlarm()).not.toBeNull();
    });
    await runDurableObjectAlarm(stub);
    const first = await client.next();
    expect(first.event).toBe("leaderboard.updated");
    expect(first.data).toMatchObject({ tournament_id: id, total: 20 });
    expect(first.data.items[0]).toEqual({ rank: 1, player: "P1", points: 500, reached_at: T0 + 500 });
    const version = first.data.version;
    await stub.post(id, [entry(1, 501, 501)]);
    await runInDurableObject(stub, async (_board, state) => {
      const alarm = await state.storage.getAlarm();
      expect(alarm! - first.ts).toBeGreaterThanOrEqual(1000);
    });
    await runDurableObjectAlarm(stub);
    const second = await client.next();
    expect(second.data).toMatchObject({ version: version + 1 });
    expect(client.waiting()).toBe(0);
    client.ws.close(1000);
  });

  it("a signed-in player's socket also gets their own row when it changes; a visitor's never does", async () => {
    const id = await makeTournament(1);
    const [me, other] = [await registerPlayer(), await registerPlayer()];
    const stub = tournamentBoard(env, id);
    await stub.post(id, [entry(other.uid, 5, 0, "Other")]);
    await runDurableObjectAlarm(stub);
    const mine = await openBoard(id, { cookie: me.browser.cookie });
    const theirs = await openBoard(id, { cookie: other.browser.cookie });
    const visitor = await openBoard(id);
    // On connect: the top, then (signed in) the player's own row — none yet for me, 6 points to the one prize.
    for (const c of [mine, theirs, visitor]) expect((await c.next()).data.items).toEqual([{ rank: 1, player: "Other", points: 5, reached_at: T0 }]);
    expect(await mine.next()).toMatchObject({ event: "leaderboard.me", data: { tournament_id: id, row: null, points_to_prize: 6 } });
    expect((await theirs.next()).data).toMatchObject({ row: { rank: 1, is_me: true }, points_to_prize: 0 });

    await stub.post(id, [entry(me.uid, 10, 1, "Me")]);
    await runDurableObjectAlarm(stub);
    expect((await mine.next()).event).toBe("leaderboard.updated");
    expect(await mine.next()).toMatchObject({
      event: "leaderboard.me",
      data: { tournament_id: id, row: { rank: 1, player: "Me", points: 10, reached_at: T0 + 1, is_me: true }, points_to_prize: 0 },
    });
    expect((await theirs.next()).event).toBe("leaderboard.updated");
    expect((await theirs.next()).data).toMatchObject({ row: { rank: 2, points: 5 }, points_to_prize: 6 });
    // A visitor's socket only ever hears the top.
    expect(await visitor.next()).toMatchObject({ event: "leaderboard.updated", data: { total: 2 } });

    // A newcomer behind us both changes neither row: both players hear the top only. The next
    // broadcast (my points move the other's points_to_prize) shows nothing came in between.
    await stub.post(id, [entry(100_003, 1, 3)]);
    await runDurableObjectAlarm(stub);
    const v3 = (await stub.top(id, 1)).version;
    await stub.post(id, [entry(me.uid, 12, 4, "Me")]);
    await runDurableObjectAlarm(stub);
    for (const c of [mine, theirs, visitor]) {
      expect(await c.next()).toMatchObject({ event: "leaderboard.updated", data: { version: v3, total: 3 } });
      expect(await c.next()).toMatchObject({ event: "leaderboard.updated", data: { version: v3 + 1 } });
    }
    expect((await mine.next()).data.row).toMatchObject({ rank: 1, points: 12 });
    expect((await theirs.next()).data).toMatchObject({ row: { rank: 2 }, points_to_prize: 8 });
    for (const c of [mine, theirs, visitor]) c.ws.close(1000);
  });
});

describe("leaderboard.live and leaderboard.top", () => {
  it("answer 404 for an unknown tournament and 400 for a malformed id", async () => {
    await failure(live(987654), 404, "InvalidParameterException");
    await failure(get("leaderboard/top", { tournament_id: 987654 }), 404, "InvalidParameterException");
    await failure(live("abc"), 400, "InvalidParameterException");
  });

  it("no prize to chase once the tournament finished", async () => {
    const id = await makeTournament(3, "finished");
    const me = await registerPlayer();
    await postScores(env, id, [entry(me.uid, 5, 1)]);
    expect(await data(live(id, me.browser.headers()))).toMatchObject({ me: { rank: 1 }, points_to_prize: null });
  });
});
