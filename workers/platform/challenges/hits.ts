import type { RoundEvent } from "../play/events";
import { deliverInbox, inboxEntry } from "../player/inbox";
import type { RewardDebt } from "../player/inbox-receivers";
import { deliverEach, type OutboxKind } from "../player/outbox";
import type { OwedPush } from "../push/send";
import { configuredReward } from "../rewards/configured";
import type { MoneyDeps } from "../wallet/move-money";

/**
 * First-to-hit challenges (issue 43, decision 0117): "the first N players to hit ×M on game G with a
 * bet of at least B win P".
 *
 * 1. A round tells, in its own batch in the player's object, that it hit a challenge: a real-money
 *    round of the game, not under a bonus nor a free spin, whose real-money bet reaches the least bet
 *    in the player's currency and whose win reaches M times it, while the challenge runs, and only
 *    while the round's wallet operation is not written yet (a replay hits nothing). The hit is an
 *    outbox row (`challenges.hit`, key per challenge and round), delivered once the round committed.
 * 2. The site takes it (`claimHit`, D1): the next place while places are left, one per player — first
 *    come by delivery — and, in the same batch and only if that place was taken, the prize owed to the
 *    player (a `rewards.pay` inbox row, key `challenge:<id>:<uid>`), paid by the one reward path.
 *    A hit delivered twice, or a second hit of a player who has a place, takes nothing.
 */

export const HIT_KIND: OutboxKind = "challenges.hit";

/** The outbox key of a round's hit of a challenge. */
const hitKey = "'challenge-hit:' || c.id || ':' || ?2";

/** A hit as the round owes it. */
export interface Hit {
  uid: number;
  challenge_id: number;
  round_id: string;
  bet: number;
  win: number;
  currency: string;
  hit_at: number;
}

/** Whether a round may hit a challenge at all: real money only, no bonus money, no free spin. */
export const mayHit = (e: RoundEvent) => e.mode === "real" && e.betMain > 0 && e.funding === null && e.winMain > 0;

/**
 * In the round's batch: a `challenges.hit` outbox row for every running challenge of the round's game
 * it hit (none for most rounds: an index probe of the challenges of its game). Answers the rows' keys.
 */
export function owedHits(db: D1Database, e: RoundEvent, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO player_outbox (key, kind, body, created_at, next_at)
       SELECT ${hitKey}, ?8,
              json_object('uid', u.uid, 'challenge_id', c.id, 'round_id', ?2, 'bet', CAST(?4 AS INTEGER), 'win', CAST(?5 AS INTEGER), 'currency', u.currency, 'hit_at', ?6),
              ?6, ?6
       FROM challenges c CROSS JOIN users u ON u.uid = ?1
       WHERE c.game_id = ?7 AND c.starts_at <= ?6 AND c.ends_at > ?6
         AND CAST(?4 AS INTEGER) >= json_extract(c.min_bet, '$.' || u.currency)
         AND CAST(?5 AS INTEGER) * 100 >= c.multiplier * CAST(?4 AS INTEGER)
         AND (c.type <> 'money' OR json_extract(c.money, '$.' || u.currency) > 0)
         AND (c.countries = '[]' OR EXISTS (SELECT 1 FROM json_each(c.countries) WHERE value = u.country_code))
         AND NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?1 AND key = ?3)
       ON CONFLICT (key) DO NOTHING
       RETURNING key`,
    )
    .bind(e.uid, e.id, e.operationKey, Math.trunc(e.betMain), Math.trunc(e.winMain), now, e.gameId, HIT_KIND);
}

/** Once the round committed, the Worker delivers its hits itself (the place shows with the answer); the object's alarm delivers what fails. */
export function deliverHits(deps: MoneyDeps, keys: string[]): Promise<void> {
  return deliverEach(deps.db, keys, (body) => claimHit(deps.env, (body as { uid: number }).uid, body), "challenges");
}

function parseHit(body: unknown, uid: number): Hit {
  const h = (body ?? {}) as Partial<Hit>;
  const ok =
    h.uid === uid &&
    Number.isSafeInteger(h.challenge_id) &&
    typeof h.round_id === "string" &&
    Number.isSafeInteger(h.bet) &&
    (h.bet as number) > 0 &&
    Number.isSafeInteger(h.win) &&
    typeof h.currency === "string" &&
    Number.isSafeInteger(h.hit_at);
  if (!ok) throw new TypeError(`${HIT_KIND}: not a hit of player ${uid}`);
  return h as Hit;
}

interface PrizeColumns {
  id: number;
  starts_at: number;
  ends_at: number;
  type: "money" | "bonus" | "freespins";
  money: string | null;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
  multiplier: number;
  game_title: string;
}

/** The key a challenge's prize is paid under, once per player (the wallet's operation, the grant's). */
export const prizeKey = (challengeId: number, uid: number) => `challenge:${challengeId}:${uid}`;

/**
 * The site takes a hit (the outbox's receiver): the next place if one is left and the player has
 * none, and the prize and a push telling the player owed in the same batch; then both are delivered
 * (the inbox's cron delivers them if this dies first). Idempotent: a hit taken or refused once changes nothing the second time.
 */
export async function claimHit(env: Env, uid: number, body: unknown): Promise<void> {
  const h = parseHit(body, uid);
  const db = env.DB;
  const c = await db
    .prepare(
      `SELECT c.id, c.starts_at, c.ends_at, c.type, c.money, c.bonus_template_id, c.freespin_template_id, c.multiplier, g.title AS game_title
       FROM challenges c JOIN games g ON g.id = c.game_id WHERE c.id = ?1`,
    )
    .bind(h.challenge_id)
    .first<PrizeColumns>();
  // A challenge removed, or a hit outside its time (a round's clock is the player's object's): nothing to take.
  if (!c || h.hit_at < c.starts_at || h.hit_at >= c.ends_at) return;
  const reward = configuredReward(c.type, c, h.currency);
  if (reward.type === "nothing") return;
  const now = Date.now();
  const key = prizeKey(c.id, uid);
  const debt: RewardDebt = { reward, key, wallet: { type: "challenge_prize", reference: String(c.id) }, ledger: { reason: "challenge", ref: key }, now };
  // What this batch's claim makes true: the prize and the push are owed only with the place.
  const claimed = { sql: "EXISTS (SELECT 1 FROM challenge_claims WHERE challenge_id = ?1 AND uid = ?2 AND round_id = ?3)", params: [c.id, uid, h.round_id] };
  const push: OwedPush & { uid: number } = {
    uid,
    key: `challenge-place:${c.id}`,
    topic: "tournaments",
    title: { message: "push.challengePlace.title" },
    body: { message: "push.challengePlace.body", params: { multiplier: (c.multiplier / 100).toFixed(2), game: c.game_title } },
    url: "/tournaments",
  };
  const pushKey = `push:${push.key}:${uid}`;
  await db.batch([
    db
      .prepare(
        `INSERT INTO challenge_claims (challenge_id, rank, uid, round_id, bet, win, currency, hit_at, claimed_at)
         SELECT c.id, (SELECT COUNT(*) FROM challenge_claims WHERE challenge_id = c.id) + 1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
         FROM challenges c
         WHERE c.id = ?1 AND (SELECT COUNT(*) FROM challenge_claims WHERE challenge_id = c.id) < c.winners
           AND NOT EXISTS (SELECT 1 FROM challenge_claims WHERE challenge_id = c.id AND uid = ?2)
         ON CONFLICT DO NOTHING`,
      )
      .bind(c.id, uid, h.round_id, h.bet, h.win, h.currency, h.hit_at, now),
    inboxEntry(db, { uid }, { key, kind: "rewards.pay", body: debt }, now, claimed),
    // The player's push (topic tournaments, decision 0114), written to their outbox by the inbox and sent by its alarm.
    inboxEntry(db, { uid }, { key: pushKey, kind: "push.owe", body: push }, now, claimed),
  ]);
  await deliverInbox(env, key);
  await deliverInbox(env, pushKey);
}
