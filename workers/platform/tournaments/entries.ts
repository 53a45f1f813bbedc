import { deliverNow, type OutboxKind } from "../player/outbox";
import { isMovedTable } from "../player/tables";
import { type EntryRow, postEntries } from "./board-entries";

/**
 * A tournament entry follows its player's points ledger (decision 0048). While `tournament_points`
 * is in D1, the batch that writes points moves the entries too (scoring.ts `settleEntries`, the
 * cashout's UPDATE). Once the points are in the player's object (decision 0075) the entries,
 * which the site shares, stay in D1: the points' batch owes them through the object's outbox
 * (`owedEntries`), carrying each changed entry's absolute total, the time it was last reached and
 * the player's last points row id as its version; `applyEntries` takes a delivery only where its
 * version is newer than the entry's, so a delivery repeated or overtaken changes nothing.
 */

/** Whether the points are in the players' objects (the entries then follow by delivery). */
export const pointsInObjects = (): boolean => isMovedTable("tournament_points");

export const ENTRIES_KIND: OutboxKind = "tournaments.entries";

/** The outbox key of the entries a points batch owes. */
export const entriesKey = (batchId: string) => `tournament-points:${batchId}`;

export interface OwedEntries {
  uid: number;
  entries: { tournament_id: number; points: number; reached_at: number | null; version: number }[];
}

/**
 * The statement of a points batch, in the player's object, that owes D1 the entries the batch
 * changed (none: no row). Runs after the batch's points statements.
 */
export function owedEntries(db: D1Database, uid: number, batchId: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO player_outbox (key, kind, body, created_at, next_at)
       SELECT ?1, ?2, json_object('uid', ?3, 'entries', json(list)), ?4, ?4 FROM (
         SELECT json_group_array(json_object('tournament_id', tournament_id, 'points', points, 'reached_at', reached_at, 'version', version)) AS list,
                COUNT(*) AS n
         FROM (SELECT tournament_id, SUM(delta) AS points, MAX(CASE WHEN delta > 0 THEN created_at END) AS reached_at, MAX(id) AS version
               FROM tournament_points WHERE uid = ?3 AND tournament_id IN (SELECT tournament_id FROM tournament_points WHERE batch_id = ?5)
               GROUP BY tournament_id))
       WHERE n > 0
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(entriesKey(batchId), ENTRIES_KIND, uid, now, batchId);
}

function parse(body: unknown): OwedEntries {
  const b = body as Partial<OwedEntries> | null;
  const ok =
    b !== null &&
    typeof b === "object" &&
    Number.isSafeInteger(b.uid) &&
    Array.isArray(b.entries) &&
    b.entries.every((e) => Number.isSafeInteger(e?.tournament_id) && Number.isSafeInteger(e?.points) && e.points >= 0 && Number.isSafeInteger(e?.version));
  if (!ok) throw new TypeError(`${ENTRIES_KIND}: not a list of entries`);
  return b as OwedEntries;
}

/**
 * Delivers owed entries to D1 (idempotent by version) and posts the entries it moved to the live
 * boards; answers once the posts are sent.
 */
export async function applyEntries(env: Env, body: unknown, now = Date.now()): Promise<void> {
  const { uid, entries } = parse(body);
  if (!entries.length) return;
  const list = JSON.stringify(entries);
  const [, moved] = await env.DB.batch<EntryRow>([
    env.DB.prepare(
      `INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at, points_version)
       SELECT json_extract(value, '$.tournament_id'), ?1, json_extract(value, '$.points'), COALESCE(json_extract(value, '$.reached_at'), ?2), ?2,
              json_extract(value, '$.version')
       FROM json_each(?3) WHERE true
       ON CONFLICT (tournament_id, uid) DO UPDATE SET
         points = excluded.points,
         reached_at = CASE WHEN excluded.points > 0 THEN excluded.reached_at ELSE reached_at END,
         points_version = excluded.points_version
       WHERE excluded.points_version > tournament_entries.points_version`,
    ).bind(uid, now, list),
    env.DB.prepare(
      `SELECT e.tournament_id, e.uid, e.points, e.reached_at, u.fakename, u.login FROM tournament_entries e JOIN users u ON u.uid = e.uid
       WHERE e.uid = ?1 AND e.tournament_id IN (SELECT json_extract(value, '$.tournament_id') FROM json_each(?2))`,
    ).bind(uid, list),
  ]);
  const sent: Promise<unknown>[] = [];
  postEntries({ env, waitUntil: (p) => sent.push(p) }, moved!.results);
  await Promise.all(sent);
}

/**
 * After a points batch committed (the Worker's own delivery, so boards move with the round): the
 * entries it owes, delivered and taken out of the outbox. If the Worker dies first, the object's
 * alarm delivers them.
 */
export function deliverOwedEntries(env: Env, own: D1Database, batchId: string): Promise<void> {
  return deliverNow(own, entriesKey(batchId), (body) => applyEntries(env, body));
}
