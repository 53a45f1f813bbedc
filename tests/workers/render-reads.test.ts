import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { watchConfigWrites } from "../../workers/platform/core/config-reads";
import { countingD1, type D1Tally } from "../../workers/d1-stats";
import { keepOnce, renderReads } from "../../workers/platform/core/render-reads";
import type { RenderScope } from "../../workers/platform/core/render-scope";
import { handlePlatform } from "../../workers/platform/index";
import { registerPlayer } from "./auth-helpers";
import { apiUrl, data, ORIGIN } from "./helpers";

/** One page render's platform calls (one scope, as workers/app.ts makes them), each statement's SQL kept. */
function render(cookie: string, vars: Partial<Env> = {}) {
  const scope: RenderScope = {};
  // The SQL of every statement run (not merely prepared), alone or in a batch.
  const statements: string[] = [];
  // The round trips to D1: each a statement alone or a batch's statements.
  const trips: string[][] = [];
  const sqlOf = new WeakMap<object, string>();
  const watch = (stmt: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const watched = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => watch(target.bind(...values), sql);
        const value = Reflect.get(target, prop);
        if (typeof value !== "function") return value;
        if (prop === "all" || prop === "first" || prop === "run" || prop === "raw") {
          statements.push(sql);
          trips.push([sql]);
        }
        return value.bind(target);
      },
    });
    sqlOf.set(watched, sql);
    return watched;
  };
  // A read replica's session (core/replica-reads.ts) is watched as the database is.
  const watching = <D extends object>(db: D): D =>
    new Proxy(db, {
      get(t, prop) {
        const d = t as unknown as D1Database;
        if (prop === "prepare") return (sql: string) => watch(d.prepare(sql), sql);
        if (prop === "withSession") return (c?: string) => watching(d.withSession(c));
        if (prop === "batch")
          return (stmts: D1PreparedStatement[]) => {
            const sqls = stmts.map((st) => sqlOf.get(st) ?? "(prepared elsewhere)");
            statements.push(...sqls);
            trips.push(sqls);
            return d.batch(stmts);
          };
        const value = Reflect.get(t, prop, t);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
  const watched = watching(env.DB);
  const e = { ...env, ...vars, DB: watched } as Env;
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
  const call = (path: string, init: RequestInit = {}) =>
    handlePlatform(new Request(apiUrl(path), { ...init, headers: { cookie, origin: ORIGIN } }), e, ctx, scope);
  return { call, statements, trips, scope };
}

const USER_READ = "SELECT * FROM users WHERE uid = ?1";
/** The same row read with the render's session lookup, in its round trip (account/users.ts). */
const USER_READ_BY_SESSION = "SELECT * FROM users WHERE uid = (SELECT uid FROM sessions WHERE id_hash = ?1)";
const userReads = (statements: string[]) => statements.filter((s) => s === USER_READ || s === USER_READ_BY_SESSION);

describe("a render's repeated reads, read once (issue 39)", () => {
  it("reads the player's row once for the render's reads, and again after a write of the render", async () => {
    const p = await registerPlayer();
    const r = render(p.browser.cookie);
    const a = await data(r.call("account/getInfo"));
    const b = await data(r.call("account/getInfo"));
    expect(a).toEqual(b);
    expect(a.fakename).not.toBe("Renamed");
    expect(userReads(r.statements)).toEqual([USER_READ_BY_SESSION]);
    const body = new FormData();
    body.append("fakename", `Renamed${p.uid}`);
    expect((await r.call("account/changefakename", { method: "POST", body })).status).toBe(200);
    // The write's change shows to the render's next read.
    expect((await data(r.call("account/getInfo"))).fakename).toBe(`Renamed${p.uid}`);
    expect(userReads(r.statements)).toEqual([USER_READ_BY_SESSION, USER_READ_BY_SESSION]);
  });

  it("a profile page's reads of the player's row, contacts and pending contact changes come with the session, in its round trip", async () => {
    const p = await registerPlayer();
    const phone = `7${String(p.uid).padStart(9, "0").slice(-9)}`;
    await env.DB.prepare("INSERT INTO pending_contacts (uid, type, contact, phone_country_code, created_at) VALUES (?1, 'phone', ?2, 'US', 1)")
      .bind(p.uid, phone)
      .run();
    // Another render answers the same (its own session round trip).
    const alone = await data(render(p.browser.cookie).call("account/getprofileinfo"));
    const r = render(p.browser.cookie);
    const [info, profile] = await Promise.all([data(r.call("account/getInfo")), data(r.call("account/getprofileinfo"))]);
    expect(info.uid).toBe(p.uid);
    expect(profile.contacts.length).toBeGreaterThan(0);
    expect(profile.pending_contacts).toEqual([expect.objectContaining({ type: "phone", is_confirmed: false })]);
    expect(profile).toEqual(alone);
    // One round trip for the three (the session's); none of their own.
    const theirs = r.trips.filter((t) => t.some((s) => /FROM (users|contacts|pending_contacts) WHERE/.test(s)));
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.filter((s) => s.includes("FROM pending_contacts"))).toHaveLength(1);
  });

  it("keeps only SELECTs of its tables; a write through the view forgets them; answers are copies", async () => {
    const scope: RenderScope = {};
    const p = await registerPlayer();
    const db = renderReads(env.DB, scope);
    const read = () => db.prepare("SELECT uid, fakename FROM users WHERE uid = ?1").bind(p.uid).all<{ uid: number; fakename: string }>();
    const first = await read();
    first.results[0]!.fakename = "changed by a caller";
    expect((await read()).results[0]!.fakename).not.toBe("changed by a caller");
    expect(scope.reads?.size).toBe(1);
    // Another table's read is not kept; a write forgets.
    await db.prepare("SELECT COUNT(*) AS n FROM tournament_entries").first();
    expect(scope.reads?.size).toBe(1);
    await db.prepare("UPDATE users SET fakename = ?2 WHERE uid = ?1").bind(p.uid, `W${p.uid}`).run();
    expect(scope.reads).toBeUndefined();
    expect((await read()).results[0]!.fakename).toBe(`W${p.uid}`);
    // Its statements are the database's own: they go into a batch as they are.
    const [one] = await db.batch([db.prepare("SELECT uid FROM users WHERE uid = ?1").bind(p.uid)]);
    expect(one!.results).toEqual([{ uid: p.uid }]);
  });

  it("an answer kept once (the session's batch brought it) answers the next read of it, once; a write forgets it", async () => {
    const scope: RenderScope = {};
    const db = renderReads(env.DB, scope);
    const SQL = "SELECT COUNT(*) AS n FROM player_events WHERE subject = ?1";
    const brought = { success: true, results: [{ n: 42 }], meta: {} } as unknown as D1Result;
    keepOnce(scope, SQL, ["u:1"], brought);
    // Another statement or other values read D1; the kept statement is answered once, then D1 again.
    expect(await db.prepare(SQL).bind("u:2").first("n")).toBe(0);
    expect(await db.prepare(SQL).bind("u:1").first("n")).toBe(42);
    expect(await db.prepare(SQL).bind("u:1").first("n")).toBe(0);
    keepOnce(scope, SQL, ["u:1"], brought);
    expect((await db.prepare(SQL).bind("u:1").all()).results).toEqual([{ n: 42 }]);
    keepOnce(scope, SQL, ["u:1"], brought);
    await db.prepare("DELETE FROM player_events WHERE subject = ?1").bind("u:nobody").run();
    expect(scope.once).toBeUndefined();
    expect(await db.prepare(SQL).bind("u:1").first("n")).toBe(0);
    expect(() => keepOnce(scope, "DELETE FROM player_events", [], brought)).toThrow(/not a read/);
  });

  it("/betting's two reads, getSports and getEvents, read the leagues and their counts once between them", async () => {
    const r = render("");
    const [sports, events] = await Promise.all([data(r.call("sportsbook/getSports")), data(r.call("sportsbook/getEvents?count=20"))]);
    const total = sports.items.reduce((n: number, s: { events_count: number }) => n + s.events_count, 0);
    expect(events.count).toBe(total);
    expect(r.statements.filter((s) => s.includes("FROM sports sp LEFT JOIN sport_leagues l"))).toHaveLength(1);
  });

  it("getEvents asked first reads the leagues with its page of events, and getSports shares that read", async () => {
    const r = render("");
    const [events, sports] = await Promise.all([data(r.call("sportsbook/getEvents?count=20")), data(r.call("sportsbook/getSports"))]);
    expect(events.count).toBe(sports.items.reduce((n: number, s: { events_count: number }) => n + s.events_count, 0));
    expect(events.items.length).toBe(Math.min(20, events.count));
    expect(r.statements.filter((s) => s.includes("FROM sports sp LEFT JOIN sport_leagues l"))).toHaveLength(1);
    const leagues = r.trips.find((t) => t.some((s) => s.includes("FROM sports sp LEFT JOIN sport_leagues l")));
    expect(leagues).toHaveLength(2);
    expect(leagues![1]).toContain("FROM sport_events e WHERE e.status = 'live'");
    // An unknown sport or league is still refused, from the leagues read with the page.
    expect((await r.call("sportsbook/getEvents?sport=no-such-sport")).status).toBe(404);
    expect((await r.call("sportsbook/getEvents?league_id=999999")).status).toBe(404);
  });

  it("/profile/bonuses' calls read the catalogue's slot RTP (the X-ray's) once between them, on an isolate that keeps nothing", async () => {
    const p = await registerPlayer();
    const r = render(p.browser.cookie, { SETTINGS_CACHE_MS: "0" });
    const RTP = "SELECT slots_rtp_bp AS rtp, ranked = changes AS fresh FROM game_catalogue_state WHERE id = 1";
    const answers = await Promise.all(["bonuses/get", "BettingBonuses/get", "freespins/get", "campaigns/getoffers"].map((m) => data(r.call(m))));
    expect(answers[3].items.length).toBeGreaterThan(0);
    expect(r.statements.filter((s) => s === RTP)).toHaveLength(1);
    // Another render on the same isolate reads it again: nothing is kept with SETTINGS_CACHE_MS=0.
    const again = render(p.browser.cookie, { SETTINGS_CACHE_MS: "0" });
    await data(again.call("campaigns/getoffers"));
    expect(again.statements.filter((s) => s === RTP)).toHaveLength(1);
  });

  it("the site's metadata comes with the settings every call reads first: metadata.get asks D1 nothing more", async () => {
    const r = render("", { SETTINGS_CACHE_MS: "0" });
    const meta = await data(r.call("metadata/get"));
    expect(meta.title ?? meta).toBeTruthy();
    expect(r.statements.filter((s) => s.includes("FROM settings WHERE key IN ('maintenance', 'general_info', 'metadata', 'content_images')"))).toHaveLength(1);
    expect(r.statements).toHaveLength(1);
  });

  it("the offers' image key comes with those settings too: a list with descriptions reads no setting of its own", async () => {
    const p = await registerPlayer();
    const r = render(p.browser.cookie, { SETTINGS_CACHE_MS: "0" });
    const list = await data(r.call("campaigns/getoffers?fields=description"));
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items[0].description.image).toBeTruthy();
    expect(r.statements.filter((s) => s.includes("FROM settings"))).toHaveLength(1);
  });

  it("a replica reader's reads of the kept tables are the render's (primary) reads: /loyalty reads a programme's levels once", async () => {
    const p = await registerPlayer();
    const r = render(p.browser.cookie);
    const LEVELS = "SELECT * FROM loyalty_levels WHERE program_id = ?1 ORDER BY min_value";
    const [info, programs] = await Promise.all([data(r.call("loyalty/getinfo")), data(r.call("loyalty/getPrograms"))]);
    expect(programs.items.length).toBeGreaterThan(0);
    expect(info.levels.length).toBeGreaterThan(0);
    // The same answers as calls made alone (no render: each its own reads, the list from its replica).
    const alone = (path: string) =>
      data(
        handlePlatform(new Request(apiUrl(path), { headers: { cookie: p.browser.cookie, origin: ORIGIN } }), env, {
          waitUntil: () => {},
          passThroughOnException: () => {},
          props: {},
        } as unknown as ExecutionContext),
      );
    expect(programs).toEqual(await alone("loyalty/getPrograms"));
    expect(info).toEqual(await alone("loyalty/getinfo"));
    expect(r.statements.filter((s) => s === LEVELS)).toHaveLength(1);
  });
});

describe("the configuration's reads, kept by the isolate while its version holds (issue 39)", () => {
  const LEVELS = "SELECT * FROM loyalty_levels WHERE program_id = ?1 ORDER BY min_value";
  const KEEP = { SETTINGS_CACHE_MS: "60000" };
  const levelsRead = (r: ReturnType<typeof render>) => r.statements.filter((s) => s === LEVELS).length;
  /** The isolate's settings read again now (a call that keeps nothing), so the next calls start from D1's version. */
  const readVersionNow = (cookie: string) => data(render(cookie, { SETTINGS_CACHE_MS: "0" }).call("loyalty/getinfo"));
  const firstLevel = async (cookie: string) => {
    const r = render(cookie, KEEP);
    const info = await data(r.call("loyalty/getinfo"));
    return { level: info.levels[0] as { id: number; image: string | null }, reads: levelsRead(r) };
  };

  it("a later render reads a programme's levels from the isolate; a change this isolate makes shows at once", async () => {
    const p = await registerPlayer();
    await readVersionNow(p.browser.cookie);
    const first = await firstLevel(p.browser.cookie);
    expect(first.reads).toBe(1);
    const second = await firstLevel(p.browser.cookie);
    expect(second).toEqual({ level: first.level, reads: 0 });
    // What this isolate writes goes through the watched database (workers/app.ts gives every request
    // and clock one): the demo operator's routes, the clocks, a unit of stock taken.
    const image = `/images/loyalty/changed-here-${p.uid}.svg`;
    await watchConfigWrites(env.DB).prepare("UPDATE loyalty_levels SET image = ?1 WHERE id = ?2").bind(image, first.level.id).run();
    try {
      const after = await firstLevel(p.browser.cookie);
      expect(after).toEqual({ level: { ...first.level, image }, reads: 1 });
    } finally {
      await env.DB.prepare("UPDATE loyalty_levels SET image = ?1 WHERE id = ?2").bind(first.level.image, first.level.id).run();
    }
  });

  it("a change made elsewhere (another isolate) shows once the version is read again; nothing is kept with SETTINGS_CACHE_MS=0", async () => {
    const p = await registerPlayer();
    await readVersionNow(p.browser.cookie);
    const before = await firstLevel(p.browser.cookie);
    const image = `/images/loyalty/changed-elsewhere-${p.uid}.svg`;
    // Straight to D1, as another isolate would: this one's kept answer stands while its version does.
    await env.DB.prepare("UPDATE loyalty_levels SET image = ?1 WHERE id = ?2").bind(image, before.level.id).run();
    try {
      expect(await firstLevel(p.browser.cookie)).toEqual({ level: before.level, reads: 0 });
      // The next read of the version (within SETTINGS_CACHE_MS at most) is a newer one: read again.
      const fresh = render(p.browser.cookie, { SETTINGS_CACHE_MS: "0" });
      expect((await data(fresh.call("loyalty/getinfo"))).levels[0].image).toBe(image);
      expect(levelsRead(fresh)).toBe(1);
      expect(await firstLevel(p.browser.cookie)).toEqual({ level: { ...before.level, image }, reads: 1 });
      expect(await firstLevel(p.browser.cookie)).toEqual({ level: { ...before.level, image }, reads: 0 });
    } finally {
      await env.DB.prepare("UPDATE loyalty_levels SET image = ?1 WHERE id = ?2").bind(before.level.image, before.level.id).run();
    }
  });

  it("a batch of configuration reads only is answered as its reads alone are: by the isolate, in order", async () => {
    const version = await env.DB.prepare("SELECT version FROM replica_state WHERE id = 1").first<number>("version");
    const COUNT = "SELECT COUNT(*) AS n FROM loyalty_levels WHERE program_id = ?1";
    const batch = (db: D1Database) => db.batch([db.prepare(LEVELS).bind(1), db.prepare(COUNT).bind(1)]);
    const straight = (await batch(env.DB)).map((a) => a.results);
    const tally: D1Tally = { rowsRead: 0, rowsWritten: 0, queries: 0 };
    const counted = countingD1(env.DB, tally);
    expect((await batch(renderReads(counted, {}, undefined, version))).map((a) => a.results)).toEqual(straight);
    const afterFirst = tally.queries;
    // Again, on another render: the isolate answers, D1 is asked nothing.
    expect((await batch(renderReads(counted, {}, undefined, version))).map((a) => a.results)).toEqual(straight);
    expect(tally.queries).toBe(afterFirst);
    // A batch naming anything else still goes to D1, as one batch.
    await renderReads(counted, {}, undefined, version).batch([counted.prepare(LEVELS).bind(1), counted.prepare("SELECT 1 AS one")]);
    expect(tally.queries).toBe(afterFirst + 2);
  });

  it("answers are copies: a caller that changes its rows changes no one else's", async () => {
    const version = await env.DB.prepare("SELECT version FROM replica_state WHERE id = 1").first<number>("version");
    const read = () => renderReads(env.DB, {}, undefined, version).prepare(LEVELS).bind(1).all<{ image: string | null }>();
    const mine = await read();
    mine.results[0]!.image = "changed by a caller";
    expect((await read()).results[0]!.image).not.toBe("changed by a caller");
  });
});

describe("the personal-data form, kept by the isolate for SETTINGS_CACHE_MS (issue 39)", () => {
  const FORM_READ = "SELECT value FROM settings WHERE key = ?1";
  const formReads = (r: ReturnType<typeof render>) => r.statements.filter((s) => s === FORM_READ).length;

  it("a later render's form and phone settings read no settings row while the isolate keeps it; with 0 every render reads it", async () => {
    const p = await registerPlayer();
    const KEEP = { SETTINGS_CACHE_MS: "60000" };
    const first = render(p.browser.cookie, { SETTINGS_CACHE_MS: "0" });
    const form = await data(first.call("account/getPersonalDataFields"));
    expect(formReads(first)).toBe(1);
    const kept = render(p.browser.cookie, KEEP);
    expect(await data(kept.call("account/getPersonalDataFields"))).toEqual(form);
    expect((await data(kept.call("account/getContactPhoneSettings"))).items.length).toBeGreaterThan(0);
    expect(formReads(kept)).toBe(0);
    const again = render(p.browser.cookie, { SETTINGS_CACHE_MS: "0" });
    await data(again.call("account/getPersonalDataFields"));
    expect(formReads(again)).toBe(1);
  });
});
