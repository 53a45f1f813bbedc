import { type MarketLayout, mulberry32 } from "./feed-odds";
import { openingOdds } from "./feed-script";

/**
 * New fixtures for the demo book (decision 0072-sportsbook-feed): two of the league's teams, the
 * sport's market templates and opening odds from the feed's model — all a function of the new
 * event's script seed, which comes from a counter (the largest seed so far + 1). Used by the demo
 * hook (a test's own event) and by the feed's clock, which keeps ≥ 3 unfinished events per league.
 */

type Template = { kind: MarketLayout["kind"]; line: number | null };
/** The market templates of each sport (the seed's, shared brief): the first is the main market. */
export const TEMPLATES: Record<string, Template[]> = {
  football: [
    { kind: "match_result", line: null },
    { kind: "total", line: 250 },
    { kind: "handicap", line: -150 },
  ],
  basketball: [
    { kind: "match_result", line: null },
    { kind: "total", line: 21050 },
  ],
  tennis: [{ kind: "match_result", line: null }],
  "ice-hockey": [
    { kind: "match_result", line: null },
    { kind: "total", line: 550 },
  ],
};
export const MIN_OPEN_EVENTS_PER_LEAGUE = 3;

export interface LeagueRow {
  id: number;
  sysname: string;
  sport: string;
  has_draw: number;
  teams: string;
}

export interface NewFixture {
  status?: "prematch" | "live";
  starts_at: number;
  autoplay: 0 | 1;
}

const LEAGUE_SQL = `SELECT l.id, l.sysname, l.has_draw, l.teams, s.sysname AS sport FROM sport_leagues l JOIN sports s ON s.id = l.sport_id`;

export async function readLeagues(db: D1Database, sysname?: string): Promise<LeagueRow[]> {
  const q = sysname
    ? db.prepare(`${LEAGUE_SQL} WHERE l.sysname = ? ORDER BY l.position, l.id`).bind(sysname)
    : db.prepare(`${LEAGUE_SQL} ORDER BY l.position, l.id`);
  return (await q.all<LeagueRow>()).results.filter((l) => teamsOf(l).length >= 2);
}

function teamsOf(l: LeagueRow): string[] {
  try {
    const t = JSON.parse(l.teams);
    return Array.isArray(t) ? t.filter((x): x is string => typeof x === "string" && x.length > 0) : [];
  } catch {
    return [];
  }
}

/** The markets of a sport as a layout with stand-in ids (market i, selection j → i × 10 + j). */
export function layoutFor(sport: string, hasDraw: boolean): MarketLayout[] {
  return (TEMPLATES[sport] ?? TEMPLATES.football!).map((t, i) => ({
    id: i,
    kind: t.kind,
    line: t.line,
    selections: (t.kind === "total" ? ["over", "under"] : t.kind === "match_result" && hasDraw ? ["home", "draw", "away"] : ["home", "away"]).map(
      (outcome, j) => ({ id: i * 10 + j, outcome: outcome as MarketLayout["selections"][number]["outcome"] }),
    ),
  }));
}

/** Creates one event with its markets and selections in one batch; answers its id. */
export async function createFixture(db: D1Database, league: LeagueRow, f: NewFixture, now: number): Promise<number> {
  const seed = ((await db.prepare("SELECT COALESCE(MAX(script), 0) + 1 AS seed FROM sport_events").first<{ seed: number }>())?.seed ?? 1) as number;
  const teams = teamsOf(league);
  const rng = mulberry32(seed * 7919);
  const h = Math.floor(rng() * teams.length);
  const a = (h + 1 + Math.floor(rng() * (teams.length - 1))) % teams.length;
  const hasDraw = league.has_draw === 1;
  const layout = layoutFor(league.sport, hasDraw);
  const odds = new Map(openingOdds({ seed, sport: league.sport, hasDraw, markets: layout }).map((o) => [o.selection_id, o.odds]));
  const live = f.status === "live";

  const stmts: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO sport_events (id, league_id, home, away, starts_at, status, score_home, score_away, minute, script, autoplay, created_at)
         VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM sport_events), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(league.id, teams[h], teams[a], f.starts_at, live ? "live" : "prematch", live ? 0 : null, live ? 0 : null, live ? 0 : null, seed, f.autoplay, now),
  ];
  layout.forEach((m, i) => {
    stmts.push(
      db
        .prepare(`INSERT INTO sport_markets (event_id, kind, line, is_main, position) VALUES ((SELECT MAX(id) FROM sport_events), ?, ?, ?, ?)`)
        .bind(m.kind, m.line, i === 0 ? 1 : 0, i),
    );
    m.selections.forEach((s, j) => {
      stmts.push(
        db
          .prepare(`INSERT INTO sport_selections (market_id, outcome, odds, position) VALUES ((SELECT MAX(id) FROM sport_markets), ?, ?, ?)`)
          .bind(s.outcome, odds.get(s.id)!, j),
      );
    });
  });
  stmts.push(db.prepare("SELECT MAX(id) AS id FROM sport_events"));
  const results = await db.batch<{ id: number }>(stmts);
  return results[results.length - 1]!.results[0]!.id;
}

/**
 * The clock's top-up: every league with fewer than 3 events not finished gets new prematch ones
 * (autoplay 1), kicking off 10 minutes to 2 hours from now, so the demo book never runs dry.
 */
export async function topUpFixtures(db: D1Database, now: number): Promise<number[]> {
  const counts = await db
    .prepare("SELECT league_id, COUNT(*) AS n FROM sport_events WHERE status IN ('prematch', 'live') GROUP BY league_id")
    .all<{ league_id: number; n: number }>();
  const open = new Map(counts.results.map((r) => [r.league_id, r.n]));
  const created: number[] = [];
  for (const league of await readLeagues(db)) {
    for (let n = open.get(league.id) ?? 0; n < MIN_OPEN_EVENTS_PER_LEAGUE; n++) {
      // Kick-offs on a 5-minute grid, spread by the count of events already created.
      const slot = 2 + ((created.length * 7 + n * 5) % 23);
      created.push(await createFixture(db, league, { starts_at: Math.ceil(now / 300_000) * 300_000 + slot * 300_000, autoplay: 1 }, now));
    }
  }
  return created;
}
