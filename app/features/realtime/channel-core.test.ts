import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChannel } from "./channel-core";
import { playerAddress } from "./player-address";

/** A stand-in WebSocket the test opens, feeds and closes by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const last = () => FakeSocket.all.at(-1)!;

function start(tokens: Array<string | null>) {
  const onEvent = vi.fn();
  const onState = vi.fn();
  let n = 0;
  const token = vi.fn(async () => tokens[Math.min(n++, tokens.length - 1)] ?? null);
  const channel = createChannel({
    onEvent,
    onState,
    address: playerAddress("https://casino.test", token),
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    random: () => 1,
  });
  channel.start();
  return { channel, onEvent, onState, token };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => vi.useRealTimers());

describe("realtime channel", () => {
  it("connects with a fresh token and hands events on with the token's player", async () => {
    const { onEvent, onState, channel } = start(["42.1.sig"]);
    await flush();
    expect(last().url).toBe("wss://casino.test/realtime?token=42.1.sig");
    last().serverOpens();
    expect(onState).toHaveBeenLastCalledWith(true);
    expect(channel.open).toBe(true);
    last().serverSends({ event: "account.balance_updated", data: { x: 1 }, ts: 5 });
    last().serverSends("pong");
    last().serverSends("{not json");
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith(42, { event: "account.balance_updated", data: { x: 1 }, ts: 5 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(last().sent).toEqual(["ping"]);
  });

  it("reconnects after drops with a new token each time, 1 s doubling to 30 s, and resets once open", async () => {
    const { token } = start(["1.1.a", "1.2.b", "1.3.c", "1.4.d", "1.5.e", "1.6.f", "1.7.g", "1.8.h"]);
    await flush();
    const waits = [1000, 2000, 4000, 8000, 16_000, 30_000];
    for (const wait of waits) {
      last().serverCloses(1006);
      await vi.advanceTimersByTimeAsync(wait - 1);
      const before = FakeSocket.all.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all.length, `after ${wait} ms`).toBe(before + 1);
    }
    expect(token).toHaveBeenCalledTimes(waits.length + 1);
    expect(new Set(FakeSocket.all.map((s) => s.url)).size).toBe(FakeSocket.all.length);
    last().serverOpens();
    last().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(waits.length + 2);
  });

  it("stays closed when the server signs the player out, or when there is no token", async () => {
    start(["7.1.a", "7.2.b"]);
    await flush();
    last().serverOpens();
    last().serverCloses(4001);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(1);

    FakeSocket.all = [];
    start([null]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(0);
  });

  it("stop closes the socket and cancels a pending reconnect", async () => {
    const { channel, onState } = start(["9.1.a", "9.2.b"]);
    await flush();
    last().serverCloses(1006);
    channel.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    channel.start();
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
    last().serverOpens();
    channel.stop();
    expect(last().readyState).toBe(3);
    expect(onState).toHaveBeenLastCalledWith(false);
  });

  it("a restart while a token is on its way opens one socket, not two", async () => {
    let release: (t: string) => void = () => {};
    const first = new Promise<string>((r) => (release = r));
    const tokens = [first, Promise.resolve("3.2.b")];
    const channel = createChannel({
      onEvent: () => {},
      address: playerAddress("https://casino.test", () => tokens.shift()!),
      WebSocket: FakeSocket as unknown as typeof WebSocket,
    });
    channel.start();
    channel.stop();
    channel.start();
    await flush();
    release("3.1.a");
    await flush();
    expect(FakeSocket.all.map((s) => s.url)).toEqual(["wss://casino.test/realtime?token=3.2.b"]);
  });
});
