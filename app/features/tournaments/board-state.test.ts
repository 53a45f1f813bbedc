import { describe, expect, it } from "vitest";
import { LEADERBOARD_EVENT, LEADERBOARD_ME_EVENT, type Leaderboard } from "../../../core/api/contract-tournaments";
import { applyBoardMessage, initialBoard } from "./board-state";
import { isMine } from "./leaderboard-body";
import { BOARD_PAGE } from "./paging";

const row = (rank: number, player: string, points: number) => ({ rank, player, points, reached_at: rank });
const server: Leaderboard = {
  tournament_id: 7,
  items: [
    { ...row(1, "an***", 500), is_me: false },
    { ...row(2, "me***", 300), is_me: true },
  ],
  total: 2,
  me: { ...row(2, "me***", 300), is_me: true },
  points_to_prize: 0,
  version: 9000, // the record's counter: not comparable with the live board's
};

describe("the live leaderboard", () => {
  it("keeps the page's first places of a pushed top: a push of the same board changes nothing the page keys on", () => {
    const places = Array.from({ length: 50 }, (_, i) => row(i + 1, `p${i}***`, 1000 - i));
    const board: Leaderboard = { ...server, items: places.slice(0, BOARD_PAGE).map((r) => ({ ...r, is_me: false })), total: 50, me: null };
    const pushed = applyBoardMessage(initialBoard(board), 7, { event: LEADERBOARD_EVENT, data: { tournament_id: 7, items: places, total: 50, version: 4 } });
    expect(pushed.items).toEqual(initialBoard(board).items);
    expect(pushed.items).toHaveLength(BOARD_PAGE);
  });

  it("takes a pushed top over the server's rows, whatever the record's version, and drops an older one", () => {
    const top = (version: number, points: number) => ({
      event: LEADERBOARD_EVENT,
      data: { tournament_id: 7, items: [row(1, "me***", points), row(2, "an***", 500)], total: 3, version },
    });
    const s1 = applyBoardMessage(initialBoard(server), 7, top(3, 900));
    expect(s1.items.map((r) => [r.rank, r.player, r.points])).toEqual([
      [1, "me***", 900],
      [2, "an***", 500],
    ]);
    expect(s1.total).toBe(3);
    const stale = applyBoardMessage(s1, 7, top(2, 100));
    expect(stale).toBe(s1);
    // A live board that never took a score (version 0) does not blank the record's rows.
    const s0 = initialBoard(server);
    expect(applyBoardMessage(s0, 7, { event: LEADERBOARD_EVENT, data: { tournament_id: 7, items: [], total: 0, version: 0 } })).toBe(s0);
  });

  it("a pushed top equal to the server's rows leaves the rows as they were, so the rows the server sent stay (leaderboard-table keys on them)", () => {
    // What a socket receives on connect: the board as it is, the same rows as the record's page.
    const s0 = initialBoard(server);
    const pushed = applyBoardMessage(s0, 7, {
      event: LEADERBOARD_EVENT,
      data: { tournament_id: 7, items: server.items.map(({ is_me: _, ...r }) => r), total: 2, version: 5 },
    });
    expect(pushed.live).toBe(5);
    expect(JSON.stringify([pushed.items, pushed.total])).toBe(JSON.stringify([s0.items, s0.total]));
  });

  it("replaces the pinned row and what it takes with the reader's own pushed row", () => {
    const s = applyBoardMessage(initialBoard(server), 7, {
      event: LEADERBOARD_ME_EVENT,
      data: { tournament_id: 7, row: row(5, "me***", 120), points_to_prize: 35 },
    });
    expect(s.me).toMatchObject({ rank: 5, points: 120, is_me: true });
    expect(s.points_to_prize).toBe(35);
    const gone = applyBoardMessage(s, 7, { event: LEADERBOARD_ME_EVENT, data: { tournament_id: 7, row: null, points_to_prize: null } });
    expect(gone.me).toBeNull();
  });

  it("ignores another tournament's messages, other events and malformed ones", () => {
    const s = initialBoard(server);
    expect(applyBoardMessage(s, 7, { event: LEADERBOARD_EVENT, data: { tournament_id: 8, items: [], total: 0, version: 1 } })).toBe(s);
    expect(applyBoardMessage(s, 7, { event: "games.win", data: { tournament_id: 7 } })).toBe(s);
    expect(applyBoardMessage(s, 7, { event: LEADERBOARD_EVENT, data: { tournament_id: 7, items: [{ rank: "1" }], version: 5 } })).toBe(s);
    expect(applyBoardMessage(s, 7, { event: LEADERBOARD_ME_EVENT, data: { tournament_id: 7, row: { rank: 1 } } })).toBe(s);
    expect(applyBoardMessage(s, 7, { event: LEADERBOARD_EVENT, data: null })).toBe(s);
  });

  it("marks the reader's row in a pushed top by place and name", () => {
    expect(isMine(row(2, "me***", 1), server.me)).toBe(true);
    expect(isMine(row(1, "me***", 1), server.me)).toBe(false);
    expect(isMine(row(2, "me***", 1), null)).toBe(false);
  });
});
