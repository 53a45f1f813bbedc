import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { send } from "./helpers";
import { makeTournament } from "./tournament-helpers";

// A tournament's page shows its leaderboard 25 places a page (issue 39: the page's cost does not
// grow with its entrants): the reader's own row pinned above, `?board=` for the places below, by
// links that work without JavaScript; a page that is not one of the board's is a 404.

const rowsOf = (html: string) => [...html.matchAll(/<tr data-player="([^"]*)" data-rank="(\d+)"/g)].map((m) => Number(m[2]));
const hrefs = (html: string, rel: "prev" | "next") => [...html.matchAll(new RegExp(`<a rel="${rel}" href="([^"]*)"`, "g"))].map((m) => m[1]);

describe("a tournament's leaderboard, paged", () => {
  it("shows 25 places a page with links to the places above and below, the reader's place pinned on every page", async () => {
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id LIMIT 2").all<{ id: number; sysname: string }>()).results;
    const id = await makeTournament({ games });
    const base = 910_000_000 + (id % 1000) * 1000;
    const others = Array.from({ length: 30 }, (_, i) => base + i);
    const me = await registerPlayer();
    await env.DB.batch([
      ...others.map((uid) =>
        env.DB.prepare(
          "INSERT INTO users (uid, login, fakename, password_changed_at, created_at, locale, currency) VALUES (?1, ?2, ?2, 0, 0, 'en', 'USD')",
        ).bind(uid, `board-${uid}`),
      ),
      // Points 300, 290, …: the reader's 5 points put them 31st, on the second page.
      ...others.map((uid, i) =>
        env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, ?3, 1, 1)").bind(
          id,
          uid,
          300 - i * 10,
        ),
      ),
      env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, 5, 1, 1)").bind(id, me.uid),
    ]);
    const page = async (query: string, headers: Record<string, string> = {}) => {
      const res = await send(`/tournaments/${id}${query}`, { headers });
      return { status: res.status, html: await res.text() };
    };

    const first = await page("", { cookie: me.browser.cookie });
    expect(first.status).toBe(200);
    expect(rowsOf(first.html)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(first.html).toMatch(/data-testid="my-row" data-rank="31"/);
    expect(first.html).toContain("Places 1–25 of 31");
    expect(hrefs(first.html, "next")).toEqual([`/tournaments/${id}?board=2#leaderboard`]);
    expect(hrefs(first.html, "prev")).toEqual([]);

    const second = await page("?board=2", { cookie: me.browser.cookie });
    expect(second.status).toBe(200);
    expect(rowsOf(second.html)).toEqual([26, 27, 28, 29, 30, 31]);
    expect(second.html).toMatch(/<tr data-player="[^"]*" data-rank="31" aria-current="true"/);
    expect(second.html).toContain("Places 26–31 of 31");
    expect(hrefs(second.html, "prev")).toEqual([`/tournaments/${id}#leaderboard`]);
    expect(hrefs(second.html, "next")).toEqual([]);

    // A visitor pages the same board, in their locale's words.
    const es = await send(`/es/tournaments/${id}?board=2`);
    expect(es.status).toBe(200);
    const esHtml = await es.text();
    expect(rowsOf(esHtml)).toHaveLength(6);
    expect(esHtml).toContain("Puestos 26–31 de 31");
    expect(hrefs(esHtml, "prev")).toEqual([`/es/tournaments/${id}#leaderboard`]);
  });

  it("answers 404 for a board page that is not one, before or after looking", async () => {
    const games = (await env.DB.prepare("SELECT id, sysname FROM games ORDER BY id LIMIT 1").all<{ id: number; sysname: string }>()).results;
    const id = await makeTournament({ games });
    expect((await page200(id, "")).status).toBe(200);
    // An empty board has its one (empty) page.
    expect((await page200(id, "?board=1")).status).toBe(200);
    for (const bad of ["?board=2", "?board=0", "?board=01", "?board=-1", "?board=x", "?board=", "?board=1e3", "?board=9999999"]) {
      expect((await page200(id, bad)).status, bad).toBe(404);
    }
  });
});

async function page200(id: number, query: string) {
  const res = await send(`/tournaments/${id}${query}`);
  await res.body?.cancel();
  return res;
}
