import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { data, failure, get, post, send } from "./helpers";
import { games } from "./games-helpers";

const LOCALES = ["en", "es", "pt", "ar"];
const scalar = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;

describe("the seeded catalogue", () => {
  it("has an operator's scale: 3,000+ games, 25+ providers, 8+ categories", async () => {
    expect(await scalar("SELECT COUNT(*) AS n FROM games")).toBeGreaterThanOrEqual(3000);
    expect(await scalar("SELECT COUNT(*) AS n FROM game_providers")).toBeGreaterThanOrEqual(25);
    expect(await scalar("SELECT COUNT(*) AS n FROM game_categories")).toBeGreaterThanOrEqual(8);
    // Every category has games ('sport' has the sportsbook pseudo-game again: decision 0049).
    expect(await scalar("SELECT COUNT(*) AS n FROM game_categories WHERE games_count = 0")).toBe(0);
    // every provider makes games
    expect(await scalar("SELECT COUNT(*) AS n FROM game_providers p WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.provider_id = p.id)")).toBe(0);
  });

  it("gives every game unique sysname and title, RTP, volatility, a bet range, a category and a text in every locale", async () => {
    expect(await scalar("SELECT COUNT(*) - COUNT(DISTINCT sysname) AS n FROM games")).toBe(0);
    expect(await scalar("SELECT COUNT(*) - COUNT(DISTINCT title) AS n FROM games")).toBe(0);
    expect(await scalar("SELECT COUNT(*) AS n FROM games WHERE sysname NOT GLOB '[a-z0-9]*' OR sysname GLOB '*[^a-z0-9_-]*'")).toBe(0);
    expect(
      await scalar("SELECT COUNT(*) AS n FROM games WHERE rtp_bp NOT BETWEEN 9000 AND 9900 OR min_bet <= 0 OR max_bet <= min_bet OR volatility IS NULL"),
    ).toBe(0);
    expect(await scalar("SELECT COUNT(*) AS n FROM games g WHERE NOT EXISTS (SELECT 1 FROM game_category_games x WHERE x.game_id = g.id)")).toBe(0);
    for (const locale of LOCALES) {
      expect(
        await scalar(
          `SELECT COUNT(*) AS n FROM games g WHERE NOT EXISTS (SELECT 1 FROM game_texts t WHERE t.game_id = g.id AND t.locale = '${locale}' AND length(t.description) > 20)`,
        ),
      ).toBe(0);
    }
    const seededLocales = (await env.DB.prepare("SELECT code FROM locales ORDER BY position").all<{ code: string }>()).results.map((r) => r.code);
    expect(seededLocales.sort()).toEqual([...LOCALES].sort());
  });

  it("translates descriptions: the same game reads differently in es, pt and ar", async () => {
    const answers = await Promise.all(LOCALES.map((locale) => games({ sysnames: ["golden_phoenix"] }, { locale })));
    const d = answers.map((r) => r.items[0].description);
    expect(new Set(d).size).toBe(4);
    expect(d[0]).toMatch(/Golden Phoenix is a/);
    expect(d[3]).toMatch(/[\u0600-\u06FF]/);
  });

  it("has titles that read like slot names", async () => {
    const { items } = await games({ count: 100, sort: "name" });
    for (const g of items) expect(g.title).toMatch(/^[A-Z][a-z]+( ([A-Z][a-z]+|and))+$/);
  });
});

describe("games.getCategories", () => {
  it("lists the categories in order with their counts", async () => {
    const list = await data<any[]>(get("games/getCategories"));
    expect(list.length).toBeGreaterThanOrEqual(8);
    expect(list.map((c) => c.sysname)).toEqual(expect.arrayContaining(["slots", "live", "table", "jackpot", "new", "popular", "fast"]));
    expect(list.map((c) => c.order)).toEqual([...list.map((c) => c.order)].sort((a, b) => a - b));
    const slots = list.find((c) => c.sysname === "slots");
    expect(Object.keys(slots).sort()).toEqual(["games_count", "id", "name", "order", "sysname"]);
    expect(slots.name).toBe("Slots");
    expect(slots.games_count).toBe((await games({ category: "slots", providers: [] })).count);
    expect(slots.games_count).toBe(await scalar("SELECT COUNT(*) AS n FROM games WHERE kind = 'slot'"));
  });

  it("names them in the request locale", async () => {
    const [en, es, ar] = await Promise.all(["en", "es", "ar"].map((locale) => data<any[]>(get("games/getCategories", { locale }))));
    const name = (list: any[] | undefined, s: string) => list!.find((c) => c.sysname === s).name;
    expect(name(es, "slots")).toBe("Tragamonedas");
    expect(name(es, "live")).not.toBe(name(en, "live"));
    expect(name(ar, "live")).not.toBe(name(en, "live"));
    expect(name(ar, "table")).toMatch(/[\u0600-\u06FF]/);
  });

  it("refuses a POST", async () => {
    await failure(post("games/getCategories"), 405, "InvalidRequestException");
  });
});

describe("games.getProviders", () => {
  it("lists 25+ providers with counts and types, no game_params unless asked", async () => {
    const list = await data<any[]>(get("games/getProviders"));
    expect(list.length).toBeGreaterThanOrEqual(25);
    for (const p of list) {
      expect(Object.keys(p).sort()).toEqual(["games_count", "logo", "name", "sysname", "types"]);
      expect(p.games_count).toBeGreaterThan(0);
      expect(p.types).toContain("casino");
    }
    const total = list.reduce((s, p) => s + p.games_count, 0);
    expect(total).toBe(await scalar("SELECT COUNT(*) AS n FROM games"));
  });

  it("adds game_params with fields=game_params and filters by types", async () => {
    const withParams = await data<any[]>(get("games/getProviders", { fields: "game_params" }));
    expect(withParams[0].game_params).toMatchObject({ launch: "iframe" });
    const live = await data<any[]>(get("games/getProviders", { types: "live" }));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((p) => p.types.includes("live"))).toBe(true);
    const liveOrFast = await data<any[]>(get("games/getProviders", { types: "live,fast" }));
    expect(liveOrFast.length).toBeGreaterThan(live.length);
    expect(liveOrFast.every((p) => p.types.includes("live") || p.types.includes("fast"))).toBe(true);
  });

  it("refuses unknown types and a POST", async () => {
    const e = await failure(get("games/getProviders", { types: "live,bingo" }), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.types?.[0]).toMatch(/bingo/);
    await failure(post("games/getProviders"), 405, "InvalidRequestException");
  });
});

describe("/platform/covers/{sysname}.svg", () => {
  it("serves a generated SVG with immutable caching and an ETag", async () => {
    const { items } = await games({ count: 2 });
    expect(items[0].image).toBe(`/platform/covers/${items[0].sysname}.svg`);
    const res = await send(items[0].image);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(res.headers.get("cache-control")).toMatch(/immutable/);
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // A themed illustration (decision 0033): motifs from the title's theme, the title drawn once;
    // the studio's name is the tile's, not the cover's.
    expect(svg).toMatch(/data-theme="[a-z0-9+:]+"/);
    expect(svg).toMatch(/<g id="m-[a-z0-9-]+"><(g|path) /);
    expect(svg).toContain(`aria-label="${items[0].title}"`);
    expect(svg).not.toContain(items[0].provider_name);
    expect(svg).not.toMatch(/<script/i);

    const again = await send(new Request(new URL(items[0].image, "https://playfront.test"), { headers: { "if-none-match": etag! } }));
    expect(again.status).toBe(304);
    const other = await (await send(items[1].image)).text();
    expect(other).not.toBe(svg);
  });

  it("draws different covers for different games, beyond their titles", async () => {
    const { items } = await games({ count: 40, sort: "name" });
    const backgrounds = new Set<string>();
    for (const g of items) {
      const svg = await (await send(g.image)).text();
      backgrounds.add(svg.replace(/<text[^>]*>[^<]*<\/text>/g, "").replace(/aria-label="[^"]*"/, ""));
    }
    expect(backgrounds.size).toBe(items.length);
  });

  it("serves each studio's wordmark, named by games.getProviders, cached like covers", async () => {
    const providers = await data<{ sysname: string; name: string; logo: string }[]>(get("games/getProviders"));
    expect(providers[0]!.logo).toBe(`/platform/covers/providers/${providers[0]!.sysname}.svg`);
    const marks = new Set<string>();
    for (const p of providers) {
      const res = await send(p.logo);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(res.headers.get("cache-control")).toMatch(/immutable/);
      const svg = await res.text();
      expect(svg).toContain(`aria-label="${p.name}"`);
      marks.add(svg.replace(/<text[^>]*>[^<]*<\/text>/g, "").replace(/aria-label="[^"]*"/, ""));
    }
    // Distinct wordmarks, beyond their names.
    expect(marks.size).toBe(providers.length);
    const again = await send(
      new Request(new URL(providers[0]!.logo, "https://playfront.test"), {
        headers: { "if-none-match": (await send(providers[0]!.logo)).headers.get("etag")! },
      }),
    );
    expect(again.status).toBe(304);
    expect((await send("/platform/covers/providers/no_such_studio.svg")).status).toBe(404);
    expect((await send("/platform/covers/providers/Blue%20fin.svg")).status).toBe(404);
  });

  it("answers 404 for an unknown game or a malformed name, with the neutral card an <img> shows in its place", async () => {
    for (const path of ["/platform/covers/no_such_game.svg", "/platform/covers/Golden%20Phoenix.svg", "/platform/covers/golden_phoenix.png"]) {
      const res = await send(path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      // Briefly: a game added meanwhile gets its cover soon.
      expect(res.headers.get("cache-control")).toBe("public, max-age=60");
      expect(await res.text()).toMatch(/^<svg[^>]*viewBox="0 0 300 400"/);
    }
  });

  it("holds a long title line inside the cover's margins whatever font the browser draws it with", async () => {
    const svg = await (await send("/platform/covers/shadow_temple_crash.svg")).text();
    const lines = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => [m[1], /textLength="(\d+)"/.exec(m[0])?.[1]]);
    // "SHADOW TEMPLE" at 30 px is 308 px in DejaVu Sans Bold: held to 272; "CRASH" fits as it is.
    expect(lines).toEqual([
      ["SHADOW TEMPLE", "272"],
      ["CRASH", undefined],
    ]);
  });
});
