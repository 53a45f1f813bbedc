import { afterEach, describe, expect, it, vi } from "vitest";
import { matchProviders, randomGame } from "./search-api";

const providers = [
  { sysname: "aurora_reels", name: "Aurora Reels" },
  { sysname: "bluefin", name: "Bluefin Gaming" },
  { sysname: "reelhouse", name: "Reelhouse" },
  { sysname: "tidewater", name: "Tidewater Live Studios" },
  { sysname: "finch", name: "Finch Games" },
];

describe("provider suggestions", () => {
  it("puts names with a word starting with the query first, then names containing it", () => {
    expect(matchProviders(providers, "reel").map((p) => p.sysname)).toEqual(["aurora_reels", "reelhouse"]);
    expect(matchProviders(providers, "fin").map((p) => p.sysname)).toEqual(["finch", "bluefin"]);
    expect(matchProviders(providers, "LIVE").map((p) => p.sysname)).toEqual(["tidewater"]);
    expect(matchProviders(providers, "ee").map((p) => p.sysname)).toEqual(["aurora_reels", "reelhouse"]);
    expect(matchProviders(providers, "")).toEqual([]);
    expect(matchProviders(providers, "e", 2)).toHaveLength(2);
  });
});

describe("random game", () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubCatalogue(total: number) {
    const asked: unknown[] = [];
    vi.stubGlobal("window", { location: { origin: "http://test.local" } });
    vi.stubGlobal("fetch", async (request: Request) => {
      const options = JSON.parse(new URL(request.url).searchParams.get("options") ?? "{}") as { offset?: number };
      asked.push(options);
      const offset = options.offset ?? 0;
      const items = offset < total ? [{ sysname: `game_${offset}` }] : [];
      return new Response(JSON.stringify({ data: { items, count: total } }), { headers: { "content-type": "application/json" } });
    });
    return asked;
  }

  it("learns the total, then fetches the game at a random offset below it", async () => {
    const asked = stubCatalogue(3300);
    const game = await randomGame("en", () => 0.5);
    expect(game?.sysname).toBe("game_1650");
    expect(asked).toEqual([{ count: 1 }, { count: 1, offset: 1650 }]);
  });

  it("never asks past the end, and uses the first answer for offset 0", async () => {
    const asked = stubCatalogue(10);
    expect((await randomGame("en", () => 0.9999999))?.sysname).toBe("game_9");
    expect((await randomGame("en", () => 0))?.sysname).toBe("game_0");
    expect(asked).toHaveLength(3);
  });

  it("answers null for an empty catalogue", async () => {
    stubCatalogue(0);
    expect(await randomGame("en", () => 0.3)).toBeNull();
  });
});
