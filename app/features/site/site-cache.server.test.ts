import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cached, clearSiteCache, isolateCache, REFRESH_GIVE_UP_MS } from "./site-cache.server";

/** A load whose I/O was cancelled with the request that started it: it never settles. */
const lost = () => new Promise<never>(() => {});
/** Settles within a test: resolves when `outcome` is met, so the other requests can be observed first. */
function controlled<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { load: () => promise, resolve, reject };
}
/** Whether a promise has settled by now (after the microtasks queued so far). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return done;
}

describe("site cache", () => {
  const kept: Promise<unknown>[] = [];
  const waitUntil = (p: Promise<unknown>) => void kept.push(p);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    clearSiteCache();
    kept.length = 0;
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("never makes a request wait on another request's load (its I/O dies with that request)", async () => {
    // Request A starts loading and is then cancelled: its load never settles.
    const a = cached("cms|en", 30, lost, waitUntil);
    // Request B arrives meanwhile and must get an answer of its own.
    const b = cached("cms|en", 30, async () => "cms", waitUntil);
    await expect(b).resolves.toBe("cms");
    expect(await settled(a)).toBe(false);
  });

  it("answers a fresh value from the isolate without loading again", async () => {
    const load = vi.fn(async () => "v1");
    await cached("k", 30, load, waitUntil);
    await expect(cached("k", 30, load, waitUntil)).resolves.toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers an expired value at once and refreshes it once in the background, kept alive by waitUntil", async () => {
    await cached("k", 30, async () => "v1", waitUntil);
    vi.setSystemTime(1_000_000 + 31_000);
    const refresh = controlled<string>();
    const load = vi.fn(refresh.load);
    // Many requests at expiry: each answers the stale value without waiting, one refresh runs.
    for (let i = 0; i < 5; i++) await expect(cached("k", 30, load, waitUntil)).resolves.toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
    expect(kept).toHaveLength(1);
    refresh.resolve("v2");
    await Promise.all(kept);
    await expect(cached("k", 30, load, waitUntil)).resolves.toBe("v2");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps serving the old value when a refresh is lost, and tries again later", async () => {
    await cached("k", 30, async () => "v1", waitUntil);
    vi.setSystemTime(1_000_000 + 31_000);
    await expect(cached("k", 30, lost, waitUntil)).resolves.toBe("v1");
    vi.setSystemTime(1_000_000 + 31_000 + REFRESH_GIVE_UP_MS);
    await expect(cached("k", 30, async () => "v2", waitUntil)).resolves.toBe("v1");
    await Promise.all(kept.slice(1));
    await expect(cached("k", 30, lost, waitUntil)).resolves.toBe("v2");
  });

  it("keeps the old value when a refresh fails, and does not cache a failed first load", async () => {
    await expect(cached("k", 30, () => Promise.reject(new Error("down")), waitUntil)).rejects.toThrow("down");
    await expect(cached("k", 30, async () => "v1", waitUntil)).resolves.toBe("v1");
    vi.setSystemTime(1_000_000 + 31_000);
    await expect(cached("k", 30, () => Promise.reject(new Error("down")), waitUntil)).resolves.toBe("v1");
    await Promise.all(kept);
    // The failed refresh is over: the next request refreshes again.
    await expect(cached("k", 30, async () => "v2", waitUntil)).resolves.toBe("v1");
    await Promise.all(kept);
    await expect(cached("k", 30, lost, waitUntil)).resolves.toBe("v2");
  });

  it("a slow load that started earlier never replaces a newer value", async () => {
    const slow = controlled<string>();
    const first = cached("k", 30, slow.load, waitUntil);
    vi.setSystemTime(1_000_100);
    await cached("k", 30, async () => "newer", waitUntil);
    slow.resolve("older");
    await expect(first).resolves.toBe("older");
    await expect(cached("k", 30, lost, waitUntil)).resolves.toBe("newer");
  });

  it("with a TTL of 0 loads every time", async () => {
    const load = vi.fn(async () => "v");
    await cached("k", 0, load, waitUntil);
    await cached("k", 0, load, waitUntil);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a bounded cache keeps the entries used last and forgets the one used least recently", async () => {
    const pages = isolateCache(2);
    const load = vi.fn(async () => "page");
    await pages.cached("a", 30, load, waitUntil);
    await pages.cached("b", 30, load, waitUntil);
    await pages.cached("a", 30, load, waitUntil); // a is now the most recently used
    await pages.cached("c", 30, load, waitUntil); // b goes
    expect(load).toHaveBeenCalledTimes(3);
    await pages.cached("a", 30, load, waitUntil);
    await pages.cached("c", 30, load, waitUntil);
    expect(load).toHaveBeenCalledTimes(3);
    await pages.cached("b", 30, load, waitUntil);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
