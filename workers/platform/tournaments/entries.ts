import { deliverNow, type OutboxKind } from "../player/outbox";
import { tournamentBoard } from "../../realtime/tournament-board";
import { simulatedLatency } from "../core/latency";

/**
 * A tournament entry follows its player's points ledger (decision 0048). The points are in the
 * player's object (decision 0075); the entries, which the site shares, stay in D1: the points' batch owes them through the object's outbox
 * (`owedEntries`), carrying each changed entry's absolute total, the time it was last reached and
 * the player's last points row id as its version, delivered to the tournament's board, which
 * writes them to D1 with the other players' (at most once a second while busy); an entry is
 * taken only where its version is newer, so a delivery repeated or overtaken changes nothing.
 */

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
 * Delivers owed entries to their tournaments' boards (each keeps them and writes the record, D1
 * tournament_entries, with the other players' in one statement: tournament-board.ts `record`);
 * answers once every board holds its entry, so the outbox row can go.
 */
export async function applyEntries(env: Env, body: unknown): Promise<void> {
  const { uid, entries } = parse(body);
  // Fault tests widen the time a delivery is under way, to kill the Worker during one.
  await simulatedLatency(env, "deliver");
  await Promise.all(
    entries.map((e) => tournamentBoard(env, e.tournament_id).record(e.tournament_id, { uid, points: e.points, reached_at: e.reached_at, version: e.version })),
  );
}

/**
 * After a points batch committed (the Worker's own delivery, so boards move with the round): the
 * entries it owes, delivered and taken out of the outbox. If the Worker dies first, the object's
 * alarm delivers them.
 */
export function deliverOwedEntries(env: Env, own: D1Database, batchId: string): Promise<void> {
  return deliverNow(own, entriesKey(batchId), (body) => applyEntries(env, body));
}
