import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEBOUNCE_MS, LiveSearch, normalizeQuery, type SearchState } from "./live-search";

/** A fetch whose answers the test releases by hand, in any order; it ignores its abort signal. */
function manualFetch() {
  const calls: Array<{ query: string; signal: AbortSignal; resolve: (v: string) => void; reject: (e: unknown) => void }> = [];
  const fetch = (query: string, signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ query, signal, resolve, reject }));
  return { calls, fetch };
}

function setup() {
  const { calls, fetch } = manualFetch();
  const states: Array<SearchState<string>> = [];
  const search = new LiveSearch<string>({ fetch, onChange: (s) => states.push(s) });
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return { calls, states, search, last: () => states.at(-1) };
}

describe("live search", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("asks nothing for fewer than two characters", async () => {
    const { calls, search, last } = setup();
    search.input("b");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 4);
    expect(calls).toHaveLength(0);
    expect(last()).toEqual({ status: "idle", query: "b" });
    search.input("  b  ");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 4);
    expect(calls).toHaveLength(0);
  });

  it("waits for a pause in typing and asks once, for the last text", async () => {
    const { calls, search, last } = setup();
    search.input("bo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 50);
    search.input("boo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 50);
    search.input("book");
    expect(last()).toEqual({ status: "debouncing", query: "book" });
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.query)).toEqual(["book"]);
    expect(last()).toEqual({ status: "loading", query: "book" });
    calls[0]!.resolve("games for book");
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual({ status: "results", query: "book", result: "games for book" });
  });

  it("drops an older answer that arrives after a newer request started, and aborts it", async () => {
    const { calls, states, search, last } = setup();
    search.input("bo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    search.input("book");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(calls.map((c) => c.query)).toEqual(["bo", "book"]);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);

    calls[1]!.resolve("games for book");
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.resolve("games for bo"); // late: ignores its signal
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual({ status: "results", query: "book", result: "games for book" });
    expect(states.some((s) => s.status === "results" && s.result === "games for bo")).toBe(false);
  });

  it("drops an answer when the text became too short meanwhile", async () => {
    const { calls, search, last } = setup();
    search.input("bo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    search.input("");
    calls[0]!.resolve("games for bo");
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual({ status: "idle", query: "" });
  });

  it("ignores a stale failure (the abort of the old request) and reports a current one", async () => {
    const { calls, search, last } = setup();
    search.input("bo");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    search.input("book");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    calls[0]!.reject(new DOMException("aborted", "AbortError"));
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual({ status: "loading", query: "book" });
    calls[1]!.reject(new Error("500"));
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual({ status: "error", query: "book" });
    // The same text again after an error tries again.
    search.input("book", true);
    expect(calls).toHaveLength(3);
  });

  it("does not ask again for the same text spelled with other spaces", async () => {
    const { calls, search } = setup();
    search.input("book of");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    search.input("book  of ");
    await vi.advanceTimersByTimeAsync(DEBOUNCE_MS);
    expect(calls).toHaveLength(1);
  });

  it("asks at once for a picked recent query, and nothing after dispose", async () => {
    const { calls, search, states } = setup();
    search.input("dragon", true);
    expect(calls.map((c) => c.query)).toEqual(["dragon"]);
    search.dispose();
    expect(calls[0]!.signal.aborted).toBe(true);
    const seen = states.length;
    calls[0]!.resolve("late");
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toHaveLength(seen);
  });

  it("normalizes the text as the lobby URL does", () => {
    expect(normalizeQuery("  book\t of\nra ")).toBe("book of ra");
  });
});
