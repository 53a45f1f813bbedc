import { deliverNow, type OutboxKind } from "../player/outbox";

/**
 * The wheel's winners list: the players' spins are in their objects (decision 0075), the list is the
 * site's projection `wheel_winners` (migration 0059), owed by the spin's batch in the player's
 * outbox and delivered once committed (the object's alarm if the Worker died between).
 */

const KIND: OutboxKind = "wheel.winner";
const winnerKey = (spinId: string) => `wheel.winner:${spinId}`;

/** In the spin's batch, in the player's object: the winner row the list is owed, if spin `?1` paid something. */
export function owedWinner(db: D1Database, spinId: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO player_outbox (key, kind, body, created_at, next_at)
       SELECT ?2, ?3, json_object('id', sp.id, 'uid', sp.uid, 'campaign_id', sp.campaign_id, 'sector_id', sp.sector_id,
         'sector_index', sp.sector_index, 'reward', sp.reward, 'reward_type', sp.reward_type, 'fallback_paid', sp.fallback_paid,
         'server_seed_hash', sd.server_seed_hash, 'client_seed', sp.client_seed, 'nonce', sp.nonce, 'weights', sp.weights,
         'ticket', sp.ticket, 'created_at', sp.created_at), ?4, ?4
       FROM wheel_spins sp JOIN wheel_seeds sd ON sd.id = sp.seed_id WHERE sp.id = ?1 AND sp.reward_type <> 'nothing'
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(spinId, winnerKey(spinId), KIND, now);
}

const COLUMNS = [
  "id",
  "uid",
  "campaign_id",
  "sector_id",
  "sector_index",
  "reward",
  "reward_type",
  "fallback_paid",
  "server_seed_hash",
  "client_seed",
  "nonce",
  "weights",
  "ticket",
  "created_at",
] as const;
const TEXT = new Set(["id", "reward", "reward_type", "server_seed_hash", "client_seed", "weights"]);

/** Delivers a winner to the list, once by the spin's id; `uid`: the player whose outbox owed it. */
export async function recordWinner(env: Pick<Env, "DB">, uid: number, body: unknown): Promise<void> {
  const w = (body ?? {}) as Record<string, unknown>;
  const ok = w.uid === uid && w.reward_type !== "nothing" && COLUMNS.every((c) => (TEXT.has(c) ? typeof w[c] === "string" : Number.isSafeInteger(w[c])));
  if (!ok) throw new TypeError(`${KIND}: not a winning spin of player ${uid}`);
  await env.DB.prepare(
    `INSERT INTO wheel_winners (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map((_, i) => `?${i + 1}`).join(", ")}) ON CONFLICT (id) DO NOTHING`,
  )
    .bind(...COLUMNS.map((c) => w[c]))
    .run();
}

/** After the spin committed: its owed winner delivered now (a failure is left to the object's alarm). */
export async function deliverOwedWinner(env: Env, own: D1Database, uid: number, spinId: string): Promise<void> {
  try {
    await deliverNow(own, winnerKey(spinId), (body) => recordWinner(env, uid, body));
  } catch (e) {
    console.error("wheel: delivering a winner to the list failed; the player's outbox retries:", e instanceof Error ? e.message : e);
  }
}
