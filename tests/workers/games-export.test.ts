import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer, type Player } from "./auth-helpers";
import { aSlot, playRound, roundId, roundsOf } from "./game-studio-helpers";
import { data, failure, send } from "./helpers";
import { playerDb } from "./player-db";

/**
 * Game history exports (games.createhistoryexportrequest / gethistoryexportrequest and the
 * download page): a pending request answered at once, a CSV built in the background (waitUntil),
 * a download for the owner only.
 */

const DAY = 24 * 60 * 60_000;
const HEADER = "round_id,date_utc,game,title,mode,currency,bet,win,net";

/** The export once it has left pending (the background build runs after the answer). */
async function settled(p: Player, id: string): Promise<any> {
  let item: any;
  await expect.poll(async () => (item = await data(p.browser.get("games/gethistoryexportrequest", { id }))).status, { timeout: 10_000 }).not.toBe("pending");
  return item;
}

const download = (p: Player | null, url: string) => send(url, { headers: p ? p.browser.headers() : {} });

async function playDemo(p: Player, sysname: string, bet: number, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await data(playRound(p.browser, sysname, { bet, mode: "demo", round_id: roundId() }));
}

const units = (minor: number) => `${minor < 0 ? "-" : ""}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, "0")}`;

describe("a game history export", () => {
  it("is answered pending, becomes ready, and downloads the rounds as CSV, oldest first", async () => {
    const slot = await aSlot();
    const p = await registerPlayer();
    await playDemo(p, slot.sysname, slot.min_bet, 3);
    const created = await data(p.browser.post("games/createhistoryexportrequest"));
    expect(created).toMatchObject({ status: "pending", rows: 0, ready_at: null, truncated: false, error: null });
    expect(created.download_url).toBe(`/platform/exports/game-history/${created.id}.csv`);
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(created.to - created.from).toBe(90 * DAY);

    const ready = await settled(p, created.id);
    expect(ready).toMatchObject({ status: "ready", rows: 3 });
    expect(ready.ready_at).toBeGreaterThanOrEqual(created.created_at);

    const res = await download(p, ready.download_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const day = new Date(created.created_at).toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="game-history-${day}.csv"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");

    const title = (await env.DB.prepare("SELECT title FROM games WHERE id = ?1").bind(slot.id).first<{ title: string }>())!.title;
    const rounds = await roundsOf(p.uid);
    const expected = [
      HEADER,
      ...rounds.map((r) =>
        [r.id, new Date(r.created_at).toISOString(), slot.sysname, title, "demo", "USD", units(r.bet), units(r.win), units(r.win - r.bet)].join(","),
      ),
    ];
    expect(await res.text()).toBe(expected.map((l) => `${l}\r\n`).join(""));

    const list = await data(p.browser.get("games/gethistoryexportrequest"));
    expect(list.map((e: any) => e.id)).toEqual([created.id]);
  });

  it("quotes titles with commas and quotes, and guards cells a spreadsheet would run as formulas", async () => {
    const slot = await aSlot();
    const p = await registerPlayer();
    await playDemo(p, slot.sysname, slot.min_bet, 1);
    const original = (await env.DB.prepare("SELECT title FROM games WHERE id = ?1").bind(slot.id).first<{ title: string }>())!.title;
    try {
      await env.DB.prepare("UPDATE games SET title = ?2 WHERE id = ?1").bind(slot.id, '=HYPERLINK("http://x","Win, now")').run();
      const created = await data(p.browser.post("games/createhistoryexportrequest"));
      const ready = await settled(p, created.id);
      const csv = await (await download(p, ready.download_url)).text();
      const line = csv.split("\r\n")[1]!;
      expect(line).toContain(`,"'=HYPERLINK(""http://x"",""Win, now"")",demo,USD,`);
      // A losing round's net stays a plain negative number.
      const [round] = await roundsOf(p.uid);
      expect(line.endsWith(`,${units(round!.win - round!.bet)}`)).toBe(true);
    } finally {
      await env.DB.prepare("UPDATE games SET title = ?2 WHERE id = ?1").bind(slot.id, original).run();
    }
  });

  it("holds only rounds of the period, and answers an empty file (header only) for an empty one", async () => {
    const slot = await aSlot();
    const p = await registerPlayer();
    await playDemo(p, slot.sysname, slot.min_bet, 2);
    const [first] = await roundsOf(p.uid);
    await playerDb(p.uid)
      .prepare("UPDATE game_rounds SET created_at = created_at - ?2 WHERE id = ?1")
      .bind(first!.id, 10 * DAY)
      .run();
    const now = Date.now();
    const recent = await settled(p, (await data(p.browser.post("games/createhistoryexportrequest", { from: now - 5 * DAY, to: now + DAY }))).id);
    expect(recent.rows).toBe(1);
    expect(recent.to).toBeLessThanOrEqual(Date.now());
    const none = await settled(p, (await data(p.browser.post("games/createhistoryexportrequest", { from: now - 300 * DAY, to: now - 200 * DAY }))).id);
    expect(none.rows).toBe(0);
    expect(await (await download(p, none.download_url)).text()).toBe(`${HEADER}\r\n`);
  });

  it("answers the pending export again while one is being built, and the same idempotency key the same export", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    await playerDb(p.uid)
      .prepare(
        `INSERT INTO game_history_exports (id, uid, status, from_ms, to_ms, created_at, build_started_at)
       VALUES ('being-built', ?1, 'pending', ?2, ?3, ?3, ?3)`,
      )
      .bind(p.uid, now - DAY, now)
      .run();
    expect((await data(p.browser.post("games/createhistoryexportrequest"))).id).toBe("being-built");
    await playerDb(p.uid).prepare("UPDATE game_history_exports SET status = 'ready' WHERE id = 'being-built'").run();

    const first = await data(p.browser.post("games/createhistoryexportrequest", { idempotency_key: "export-key-1" }));
    expect(first.id).not.toBe("being-built");
    await settled(p, first.id);
    const keyed = await data(p.browser.post("games/createhistoryexportrequest", { idempotency_key: "export-key-1" }));
    expect(keyed).toMatchObject({ id: first.id, status: "ready" });
    expect((await data(p.browser.get("games/gethistoryexportrequest"))).map((e: any) => e.id)).toEqual([first.id, "being-built"]);
  });

  it("finishes a pending export whose background build was lost when it is read", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    await playerDb(p.uid)
      .prepare(
        `INSERT INTO game_history_exports (id, uid, status, from_ms, to_ms, created_at, build_started_at)
       VALUES ('lost-build-1', ?1, 'pending', ?2, ?3, ?4, ?4)`,
      )
      .bind(p.uid, now - DAY, now, now - 60_000)
      .run();
    const item = await data(p.browser.get("games/gethistoryexportrequest", { id: "lost-build-1" }));
    expect(item).toMatchObject({ id: "lost-build-1", status: "ready", rows: 0 });
  });

  it("is its owner's only: another player's id is 404 on get and download; a visitor downloads nothing", async () => {
    const owner = await registerPlayer();
    const other = await registerPlayer();
    const created = await data(owner.browser.post("games/createhistoryexportrequest"));
    await settled(owner, created.id);
    await failure(other.browser.get("games/gethistoryexportrequest", { id: created.id }), 404, "InvalidParameterException");
    expect(await data(other.browser.get("games/gethistoryexportrequest"))).toEqual([]);
    expect((await download(other, created.download_url)).status).toBe(404);
    expect((await download(null, created.download_url)).status).toBe(404);
    expect((await download(owner, "/platform/exports/game-history/..%2Fx.csv")).status).toBe(404);
    await failure(send("/api/games/gethistoryexportrequest"), 401, "AuthorizationException");
  });

  it("answers 409 to a download before the file is ready", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    await playerDb(p.uid)
      .prepare(
        `INSERT INTO game_history_exports (id, uid, status, from_ms, to_ms, created_at, build_started_at)
       VALUES ('still-building', ?1, 'pending', ?2, ?3, ?3, ?3)`,
      )
      .bind(p.uid, now - DAY, now)
      .run();
    const res = await download(p, "/platform/exports/game-history/still-building.csv");
    expect(res.status).toBe(409);
    expect(await res.text()).toMatch(/still being prepared/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses bad periods with field errors", async () => {
    const p = await registerPlayer();
    const now = Date.now();
    const bad: [Record<string, string | number>, string][] = [
      [{ from: now - DAY, to: now - 2 * DAY }, "to"],
      [{ from: now - 400 * DAY, to: now }, "to"],
      [{ from: now + DAY }, "from"],
      [{ from: "yesterday" }, "from"],
      [{ to: -5 }, "to"],
      [{ idempotency_key: "short" }, "idempotency_key"],
    ];
    for (const [fields, field] of bad) {
      const error = await failure(p.browser.post("games/createhistoryexportrequest", fields), 400, "InvalidParameterException");
      expect(Object.keys(error.invalid_parameters ?? {}), JSON.stringify(fields)).toEqual([field]);
    }
    await failure(p.browser.get("games/gethistoryexportrequest", { id: "../etc" }), 400, "InvalidParameterException");
    expect(await data(p.browser.get("games/gethistoryexportrequest"))).toEqual([]);
  });

  it("answers 405 to GET on the create method and to POST on the read method", async () => {
    const p = await registerPlayer();
    await failure(p.browser.get("games/createhistoryexportrequest"), 405, "InvalidRequestException");
    await failure(p.browser.post("games/gethistoryexportrequest"), 405, "InvalidRequestException");
  });

  it("is refused while the site's is_game_history_export_enabled is off", async () => {
    const p = await registerPlayer();
    const row = (await env.DB.prepare("SELECT value FROM settings WHERE key = 'general_info'").first<{ value: string }>())!;
    try {
      const info = { ...JSON.parse(row.value), is_game_history_export_enabled: false };
      await env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'general_info'").bind(JSON.stringify(info)).run();
      const error = await failure(p.browser.post("games/createhistoryexportrequest"), 403, "AccessDeniedException");
      expect(error.message).toMatch(/not available/);
    } finally {
      await env.DB.prepare("UPDATE settings SET value = ?1 WHERE key = 'general_info'").bind(row.value).run();
    }
  });
});
