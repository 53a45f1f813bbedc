import { describe, expect, it } from "vitest";
import { data, get } from "./helpers";
import { gameOf, playerWith, real } from "./loyalty-helpers";
import { openBoard } from "./tournament-board-helpers";
import { join, makeTournament } from "./tournament-helpers";

// End to end (decision 0048): a real round commits its points in D1 (the platform slice), the
// platform posts the totals to the TournamentBoard after commit, and the player's open socket
// shows their new row; the live board then agrees with the record (leaderboard.get).

describe("a committed round on the live board", () => {
  it("reaches the player's socket as their own row, and the live board matches the record", async () => {
    const slot = await gameOf("slot");
    const id = await makeTournament({ scoring: "bets", games: [slot], prizes: [[1, 1, "money", 1000]] });
    const [p, rival] = [await playerWith(1_000_000), await playerWith(1_000_000)];
    for (const x of [p, rival]) expect(await data(join(x, id))).toBe(1);
    const socket = await openBoard(id, { cookie: p.browser.cookie });
    expect((await socket.next()).event).toBe("leaderboard.updated");
    // Nobody holds the prized place yet: the live board answers what the record does (null), so
    // the page's first push does not differ from what the server rendered.
    expect(await socket.next()).toMatchObject({ event: "leaderboard.me", data: { row: null, points_to_prize: null } });
    expect((await data(get("leaderboard/get", { tournament_id: id }, p.browser.headers()))).points_to_prize).toBeNull();

    await real(rival, slot, 300);
    // The rival's round: the top changes; my row (none) does not, but what I need for the prize does.
    expect(await socket.next()).toMatchObject({ event: "leaderboard.updated", data: { total: 1, items: [{ rank: 1, points: 300 }] } });
    expect(await socket.next()).toMatchObject({ event: "leaderboard.me", data: { row: null, points_to_prize: 301 } });

    await real(p, slot, 500);
    expect(await socket.next()).toMatchObject({ event: "leaderboard.updated", data: { total: 2, items: [{ points: 500 }, { points: 300 }] } });
    expect(await socket.next()).toMatchObject({ event: "leaderboard.me", data: { row: { rank: 1, points: 500, is_me: true }, points_to_prize: 0 } });

    const live = await data(get("leaderboard/live", { tournament_id: id }, p.browser.headers()));
    const record = await data(get("leaderboard/get", { tournament_id: id }, p.browser.headers()));
    const view = (b: any) => b.items.map((r: any) => [r.rank, r.player, r.points, r.reached_at, r.is_me]);
    expect(view(live)).toEqual(view(record));
    expect(live.me).toEqual(record.me);
    expect(live.points_to_prize).toBe(record.points_to_prize);
    socket.ws.close(1000);
  });
});
