import type { RecentWin } from "../../../core/api/entities-games";
import { maskedName } from "../core/names";
import { publishWin } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";
import { deliverNow, type OutboxKind } from "../player/outbox";
import { isMovedTable } from "../player/tables";

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

/** The feed's list once the rounds are in the players' objects: the site's projection (recent_wins). */
const SELECT_PROJECTED = `SELECT r.id, r.win, r.currency, r.sysname, r.created_at, g.title, u.login, u.fakename
  FROM recent_wins r JOIN games g ON g.id = r.game_id JOIN users u ON u.uid = r.uid`;

export async function getRecentWins(db: D1Database, count: number): Promise<RecentWin[]> {
  const sql = roundsInObjects() ? SELECT_PROJECTED : SELECT_WINS;
  const { results } = await db.prepare(`${sql} ORDER BY r.created_at DESC, r.id LIMIT ?1`).bind(count).all<WinRow>();
  return results.map(toRecentWin);
}

/** Whether the players' rounds are in their objects (the feed's list is then delivered to D1). */
export const roundsInObjects = (): boolean => isMovedTable("game_rounds");

const WIN_KIND: OutboxKind = "wins.record";
const winKey = (roundId: string) => `win:${roundId}`;

/**
 * In the round's batch, in the player's object: the win the feed's list is owed, if this batch pays
 * a real-money round that won (the round's wallet key is still unused).
 */
export function owedWin(db: D1Database, roundId: string, operationKey: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO player_outbox (key, kind, body, created_at, next_at)
       SELECT ?3, ?4, json_object('id', r.id, 'uid', r.uid, 'game_id', r.game_id, 'sysname', r.sysname, 'win', r.win, 'currency', r.currency, 'created_at', r.created_at), ?5, ?5
       FROM game_rounds r WHERE r.id = ?1 AND r.mode = 'real' AND r.win > 0
         AND NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = r.uid AND key = ?2)
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(roundId, operationKey, winKey(roundId), WIN_KIND, now);
}

interface OwedWin {
  id: string;
  uid: number;
  game_id: number;
  sysname: string;
  win: number;
  currency: string;
  created_at: number;
}

/** Delivers a win to the feed's list (once, by the round's id) and, the first time, to the open feeds. */
export async function recordWin(env: Env, body: unknown): Promise<void> {
  const w = body as Partial<OwedWin> | null;
  const ok =
    typeof w?.id === "string" &&
    Number.isSafeInteger(w.uid) &&
    Number.isSafeInteger(w.game_id) &&
    typeof w.sysname === "string" &&
    Number.isSafeInteger(w.win) &&
    w.win! > 0 &&
    typeof w.currency === "string" &&
    Number.isSafeInteger(w.created_at);
  if (!ok) throw new TypeError(`${WIN_KIND}: not a win`);
  const inserted = await env.DB.prepare(
    `INSERT INTO recent_wins (id, uid, game_id, sysname, win, currency, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
  )
    .bind(w!.id, w!.uid, w!.game_id, w!.sysname, w!.win, w!.currency, w!.created_at)
    .first();
  if (!inserted) return;
  const row = await env.DB.prepare(`${SELECT_PROJECTED} WHERE r.id = ?1`).bind(w!.id).first<WinRow>();
  if (row) await publishWin(env, toRecentWin(row));
}

/** After the round committed: the owed win delivered now and taken out of the outbox (else the object's alarm delivers it). */
const deliverOwedWin = (env: Env, own: D1Database, roundId: string) => deliverNow(own, winKey(roundId), (body) => recordWin(env, body));

/**
 * After a real round that won has been paid: its public form goes to every open wins feed. Runs
 * after the answer (`waitUntil`) and never fails the round; the list above is the truth.
 */
export function announceWin(deps: MoneyDeps, roundId: string): void {
  deps.waitUntil(
    (async () => {
      try {
        if (roundsInObjects()) return await deliverOwedWin(deps.env, deps.db, roundId);
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
