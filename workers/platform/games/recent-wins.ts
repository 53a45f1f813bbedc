import type { RecentWin } from "../../../core/api/entities-games";
import { maskedName } from "../core/names";
import { publishWin } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";

/**
 * games.getRecentWins and the live wins feed (issue 16, decision 0034): real-money rounds that won
 * and were paid (`operation_id` set: a round whose payment failed is deleted, one still being paid
 * is not shown yet). Demo rounds are play money and never shown. Players appear by a masked name.
 * The WHERE terms are those of the partial index game_rounds_recent_wins (migration 0017).
 */
const SELECT_WINS = `SELECT r.id, r.win, r.currency, r.sysname, r.created_at, g.title, u.login, u.fakename
  FROM game_rounds r
  JOIN games g ON g.id = r.game_id
  JOIN users u ON u.uid = r.uid
  WHERE r.mode = 'real' AND r.win > 0 AND r.operation_id IS NOT NULL`;

interface WinRow {
  id: string;
  win: number;
  currency: string;
  sysname: string;
  created_at: number;
  title: string;
  login: string;
  fakename: string;
}

function toRecentWin(r: WinRow): RecentWin {
  return {
    id: r.id,
    player: maskedName(r.fakename, r.login),
    amount: { amount: r.win, currency: r.currency },
    game: r.sysname,
    game_title: r.title,
    won_at: r.created_at,
  };
}

export async function getRecentWins(db: D1Database, count: number): Promise<RecentWin[]> {
  const { results } = await db.prepare(`${SELECT_WINS} ORDER BY r.created_at DESC, r.id LIMIT ?1`).bind(count).all<WinRow>();
  return results.map(toRecentWin);
}

/**
 * After a real round that won has been paid: its public form goes to every open wins feed. Runs
 * after the answer (`waitUntil`) and never fails the round; the list above is the truth.
 */
export function announceWin(deps: MoneyDeps, roundId: string): void {
  deps.waitUntil(
    (async () => {
      try {
        // The round is the player's own tables (decision 0075); its game's title and the player's
        // name are the site's, read beside it.
        const round = await deps.db
          .prepare(
            "SELECT id, uid, game_id, win, currency, sysname, created_at FROM game_rounds WHERE id = ?1 AND mode = 'real' AND win > 0 AND operation_id IS NOT NULL",
          )
          .bind(roundId)
          .first<Omit<WinRow, "title" | "login" | "fakename"> & { uid: number; game_id: number }>();
        if (!round) return;
        const names = await deps.env.DB.prepare("SELECT g.title, u.login, u.fakename FROM games g, users u WHERE g.id = ?1 AND u.uid = ?2")
          .bind(round.game_id, round.uid)
          .first<Pick<WinRow, "title" | "login" | "fakename">>();
        const row = names && { ...round, ...names };
        if (row) await publishWin(deps.env, toRecentWin(row));
      } catch (e) {
        console.error("wins: announcing a win failed", e instanceof Error ? e.message : e);
      }
    })(),
  );
}
