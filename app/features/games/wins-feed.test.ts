import { describe, expect, it, vi } from "vitest";
import type { RecentWin } from "../../../core/api/entities-games";
import { openWinsFeed, withWin } from "./wins-feed";

const win = (id: string, amount = 500): RecentWin => ({
  id,
  player: "pl***er",
  amount: { amount, currency: "USD" },
  game: "golden_phoenix",
  game_title: "Golden Phoenix",
  won_at: 1,
});
const message = (w: RecentWin) => JSON.stringify({ event: "games.win", data: w, ts: 1 });

/** A fake WebSocket the test drives: open, message, close (the on… handlers, as the channel sets them). */
class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

/** The channel asks for its address asynchronously: let that settle. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe("the ticker's list", () => {
  it("puts a new win first, keeps each round once, and at most max", () => {
    const shown = [win("b"), win("a")];
    expect(withWin(shown, win("c"), 3).map((w) => w.id)).toEqual(["c", "b", "a"]);
    expect(withWin(shown, win("c"), 2).map((w) => w.id)).toEqual(["c", "b"]);
    expect(withWin(shown, win("a"), 3)).toBe(shown);
  });
});

describe("openWinsFeed", () => {
  it("takes only well-formed games.win messages", async () => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    const wins: string[] = [];
    const stop = openWinsFeed({ origin: "https://casino.example", onWin: (w) => wins.push(w.id), WebSocket: FakeSocket as unknown as typeof WebSocket });
    await flush();
    const socket = FakeSocket.made[0]!;
    socket.open();
    socket.receive(message(win("x")));
    expect(wins).toEqual(["x"]);
    for (const junk of [
      "pong",
      "{",
      JSON.stringify({ event: "account.balance_updated", data: win("y") }),
      JSON.stringify({ event: "games.win", data: { id: 1 } }),
      42,
    ]) {
      socket.onmessage?.({ data: junk });
    }
    expect(wins).toEqual(["x"]);
    stop();
    vi.useRealTimers();
  });

  it("hands on each win, reports its state, reconnects after a drop and stops for good", async () => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    const wins: string[] = [];
    const states: boolean[] = [];
    const stop = openWinsFeed({
      origin: "https://casino.example",
      onWin: (w) => wins.push(w.id),
      onState: (open) => states.push(open),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      random: () => 1,
    });
    await flush();
    const first = FakeSocket.made[0]!;
    expect(first.url).toBe("wss://casino.example/realtime/wins");
    first.open();
    first.receive("pong");
    first.receive(message(win("r1")));
    expect(wins).toEqual(["r1"]);
    vi.advanceTimersByTime(30_000);
    expect(first.sent).toEqual(["ping"]);
    first.drop();
    expect(states).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeSocket.made[1]!;
    second.open();
    second.receive(message(win("r2")));
    expect(wins).toEqual(["r1", "r2"]);
    stop();
    expect(second.closedWith).toBe(1000);
    second.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(2);
    vi.useRealTimers();
  });
});
