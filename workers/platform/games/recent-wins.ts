import type { RecentWin } from "../../../core/api/entities-games";
import { maskedName } from "../core/names";
import { publishWin } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";
import { deliverNow, type OutboxKind } from "../player/outbox";

/**
 * games.getRecentWins and the live wins feed (issue 16, decision 0034): real-money rounds that won
 * and were paid. Demo rounds are play money and never shown. Players appear by a masked name. The
 * rounds are in the players' objects (decision 0075): the feed's list is the site's projection
 * (recent_wins), owed by each paying round's batch and delivered once it committed.
 */

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

/** The feed's list: the site's projection (recent_wins). */
const SELECT_PROJECTED = `SELECT r.id, r.win, r.currency, r.sysname, r.created_at, g.title, u.login, u.fakename
  FROM recent_wins r JOIN games g ON g.id = r.game_id JOIN users u ON u.uid = r.uid`;

export async function getRecentWins(db: D1Database, count: number): Promise<RecentWin[]> {
  const { results } = await db.prepare(`${SELECT_PROJECTED} ORDER BY r.created_at DESC, r.id LIMIT ?1`).bind(count).all<WinRow>();
  return results.map(toRecentWin);
}

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
        await deliverOwedWin(deps.env, deps.db, roundId);
      } catch (e) {
        console.error("wins: announcing a win failed", e instanceof Error ? e.message : e);
      }
    })(),
  );
}
