import { CSV_HEADER, csvLine, type CsvRound } from "./export-csv";

/**
 * Builds one export's CSV: the player's settled rounds and sports bets of the period, oldest first, paged by
 * (created_at, id) and stored one chunk per page. Rounds of a past period never change, so a
 * second build (lazy recovery beside a slow first one) writes the same chunks.
 */

/** The most rows (rounds and bets) one file holds; a longer period is cut (the export says `truncated`). */
export const EXPORT_ROW_CAP = 50_000;
const PAGE = 1000;
/** A pending export whose build started this long ago has lost it and is rebuilt on the next read. */
export const STALE_BUILD_MS = 30_000;

interface Target {
  uid: number;
  from_ms: number;
  to_ms: number;
}

/**
 * The player's settled rounds and settled sports bets of the period (decision 0049), merged in
 * (time, id) order: each side pages itself by the cursor, the outer query merges one page. A bet
 * is a row at its settlement: game 'sportsbook', title its events, stake as bet and payout as win;
 * a free bet (mode 'free_bet') staked bonus money, so its bet is 0 and its win what reached the main
 * balance (0 for a void one, whose stake went back to the bonus).
 */
const ROUNDS = `SELECT id, created_at, sysname, game_id, title, mode, currency, bet, win FROM (
    SELECT r.id, r.created_at, r.sysname, r.game_id, NULL AS title, r.mode, r.currency, r.bet, r.win
    FROM game_rounds r
    WHERE r.uid = ?1 AND r.operation_id IS NOT NULL AND r.created_at BETWEEN ?2 AND ?3
      AND (r.created_at > ?4 OR (r.created_at = ?4 AND r.id > ?5))
    ORDER BY r.created_at, r.id LIMIT ?6)
  UNION ALL
  SELECT id, created_at, sysname, game_id, title, mode, currency, bet, win FROM (
    SELECT b.id, b.settled_at AS created_at, 'sportsbook' AS sysname, NULL AS game_id,
      (SELECT group_concat(name, ' + ') FROM (SELECT e.home || ' – ' || e.away AS name FROM sport_bet_legs l
        JOIN sport_events e ON e.id = l.event_id WHERE l.bet_id = b.id ORDER BY l.position)) AS title,
      CASE b.funding WHEN 'main' THEN 'real' ELSE 'free_bet' END AS mode, b.currency,
      CASE b.funding WHEN 'main' THEN b.stake ELSE 0 END AS bet,
      CASE WHEN b.funding = 'main' OR b.status = 'won' THEN b.payout ELSE 0 END AS win
    FROM sport_bets b
    WHERE b.uid = ?1 AND b.status <> 'open' AND b.settled_at BETWEEN ?2 AND ?3
      AND (b.settled_at > ?4 OR (b.settled_at = ?4 AND b.id > ?5))
    ORDER BY b.settled_at, b.id LIMIT ?6)
  ORDER BY created_at, id LIMIT ?6`;

export async function buildExport(db: D1Database, id: string): Promise<void> {
  try {
    const target = await db.prepare("SELECT uid, from_ms, to_ms FROM game_history_exports WHERE id = ?1 AND status = 'pending'").bind(id).first<Target>();
    if (!target) return;
    const page = async (after: { at: number; id: string }, limit: number) => {
      const rows = await db
        .prepare(ROUNDS)
        .bind(target.uid, target.from_ms, target.to_ms, after.at, after.id, limit)
        .all<CsvRound & { game_id: number | null }>();
      return { results: await withTitles(db, rows.results) };
    };

    let after = { at: -1, id: "" };
    let written = 0;
    let seq = 0;
    while (written < EXPORT_ROW_CAP) {
      const { results } = await page(after, Math.min(PAGE, EXPORT_ROW_CAP - written));
      if (!results.length) break;
      await db
        .prepare("INSERT OR REPLACE INTO game_history_export_chunks (export_id, seq, csv) VALUES (?1, ?2, ?3)")
        .bind(id, seq++, results.map(csvLine).join(""))
        .run();
      written += results.length;
      const last = results[results.length - 1]!;
      after = { at: last.created_at, id: last.id };
      if (results.length < PAGE) break;
    }
    const truncated = written >= EXPORT_ROW_CAP && (await page(after, 1)).results.length > 0;
    await db.batch([
      db.prepare("DELETE FROM game_history_export_chunks WHERE export_id = ?1 AND seq >= ?2").bind(id, seq),
      db
        .prepare("UPDATE game_history_exports SET status = 'ready', rows = ?2, truncated = ?3, ready_at = ?4 WHERE id = ?1 AND status = 'pending'")
        .bind(id, written, truncated ? 1 : 0, Date.now()),
    ]);
  } catch (e) {
    console.error("game history export failed", id, e instanceof Error ? e.message : e);
    await db
      .prepare("UPDATE game_history_exports SET status = 'failed', error = ?2 WHERE id = ?1 AND status = 'pending'")
      .bind(id, "The export could not be built. Please ask for it again.")
      .run()
      .catch(() => undefined);
  }
}

/**
 * The rounds' titles are the catalogue's as it is now (D1's games: a renamed game shows its new
 * title), read beside the player's rows (decision 0075: the player's object holds a copy of a game
 * as it was when they played it). A sports bet's row brings its own.
 */
async function withTitles(db: D1Database, rows: (CsvRound & { game_id: number | null })[]): Promise<CsvRound[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.game_id === null ? [] : [r.game_id])))];
  const titles = new Map<number, string>();
  if (ids.length) {
    const { results } = await db
      .prepare("SELECT id, title FROM games WHERE id IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(ids))
      .all<{ id: number; title: string }>();
    for (const g of results) titles.set(g.id, g.title);
  }
  return rows.map(({ game_id, ...r }) => (game_id === null ? r : { ...r, title: titles.get(game_id) ?? r.sysname }));
}

/** The whole file of a ready export: the header and its chunks in order. */
export async function exportFile(db: D1Database, id: string): Promise<string> {
  const { results } = await db.prepare("SELECT csv FROM game_history_export_chunks WHERE export_id = ?1 ORDER BY seq").bind(id).all<{ csv: string }>();
  return CSV_HEADER + results.map((r) => r.csv).join("");
}
