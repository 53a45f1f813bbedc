import { publish } from "../../realtime/publish";
import { simulatedLatency } from "../core/latency";
import { inPlayerObject } from "../player/wire";
import { playerTables, routedD1 } from "../player/routed-d1";
import { slipFacts } from "./feed-facts";
import type { MoneyDeps } from "../wallet/move-money";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { combinedOdds, systemOf, winPayout, type BetRow } from "./bets";
import { closeSpentBettingBonus } from "./free-bet-bonus";
import { BET_CONSUMERS } from "../play/bet-consumers";
import { consumeAll } from "../play/events";
import type { JurisdictionId } from "../../../core/jurisdictions";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { parseBuilderLeg } from "../../../core/api/contract-sportsbook";
import { legWins } from "./builder-price";

/**
 * Settlement (decision 0049; the feed calls it after writing results): every OPEN bet with a leg
 * on the event whose legs are now all decided is settled once, through the wallet.
 *
 * Exactly once: each bet's batch moves it from 'open' (the UPDATE's own WHERE) and its money
 * moves under the fixed wallet key `sport-settle:<bet>`, so a second or concurrent run changes
 * nothing and pays nothing. Results by the shared rules: lost if any leg lost; void legs count as
 * 1.00; every leg void → the bet is void (stake back where it came from); otherwise won at
 * ⌊stake × Π odds / 100ⁿ⌋ (a free bet without stake return: less the stake; capped at max_payout).
 * Wins go to the main balance. A void free bet returns its stake to the betting-bonus balance
 * only while its bonus is still active (else the bonus money is gone with the bonus: payout 0).
 * A betting bonus spent to 0 closes when its last open free bet settles (free-bet-bonus.ts).
 */

/** The sports.bet.settled event on the player's channel. */
export const BET_SETTLED_EVENT = "sports.bet.settled";

interface LegState {
  bet_id: string;
  odds: number;
  result: "win" | "lose" | "void";
}

export interface Outcome {
  status: "won" | "lost" | "void";
  /** What the bet pays (for a void free bet: the stake, if its bonus is still active when it applies). */
  payout: number;
  /** The combined odds with void legs as 1.00. */
  odds: number;
}

/**
 * The outcome of a bet whose legs are all decided. A bet builder's legs were priced together: it
 * wins at the price it took when every leg won, and is void only when the event was (every leg void).
 */
export function outcomeOf(
  bet: Pick<BetRow, "kind" | "odds" | "stake" | "open_stake" | "funding" | "stake_returned" | "max_payout" | "system_from" | "system_to">,
  legs: Pick<LegState, "odds" | "result">[],
): Outcome {
  const live = legs.filter((l) => l.result !== "void").map((l) => l.odds);
  // A system bet settles line by line (decision 0106): it pays what its lines return; lost when none does.
  const system = bet.kind === "system" ? systemOf(bet, legs) : null;
  if (system) {
    if (!live.length) return { status: "void", payout: bet.open_stake, odds: 100 };
    return { status: system.total > 0 ? "won" : "lost", payout: system.total, odds: bet.odds };
  }
  if (legs.some((l) => l.result === "lose")) return { status: "lost", payout: 0, odds: bet.kind === "builder" ? bet.odds : combinedOdds(live) };
  if (!live.length) return { status: "void", payout: bet.open_stake, odds: 100 };
  if (bet.kind === "builder") return { status: "won", payout: winPayout(bet, [bet.odds]), odds: bet.odds };
  return { status: "won", payout: winPayout(bet, live), odds: combinedOdds(live) };
}

/**
 * A bet builder's legs on an ended event take their results from its final score (they are not
 * markets of the board: decision 0103, the rules of builder-price.ts `legWins`); a cancelled event
 * voids them. A leg of a builder whose event has not ended stays undecided.
 */
async function decideBuilderLegs(env: Env, db: D1Database, eventId: number): Promise<void> {
  const { results: legs } = await db
    .prepare(
      `SELECT g.bet_id, g.position, g.leg FROM sport_bet_legs g JOIN sport_bets b ON b.id = g.bet_id
       WHERE g.event_id = ?1 AND g.leg IS NOT NULL AND g.result IS NULL AND b.status = 'open'`,
    )
    .bind(eventId)
    .all<{ bet_id: string; position: number; leg: string }>();
  if (!legs.length) return;
  const event = await env.DB.prepare("SELECT status, score_home, score_away FROM sport_events WHERE id = ?1")
    .bind(eventId)
    .first<{ status: string; score_home: number | null; score_away: number | null }>();
  if (!event || (event.status !== "finished" && event.status !== "cancelled")) return;
  const decided = legs.map((l) => {
    const leg = parseBuilderLeg(l.leg);
    const result =
      event.status === "cancelled" || !leg || event.score_home === null || event.score_away === null
        ? "void"
        : legWins(leg, event.score_home, event.score_away)
          ? "win"
          : "lose";
    return [l.bet_id, l.position, result] as const;
  });
  await db
    .prepare(
      `UPDATE sport_bet_legs SET result = (SELECT json_extract(j.value, '$[2]') FROM json_each(?1) j
         WHERE json_extract(j.value, '$[0]') = sport_bet_legs.bet_id AND json_extract(j.value, '$[1]') = sport_bet_legs.position)
       WHERE result IS NULL AND leg IS NOT NULL AND event_id = ?2
         AND EXISTS (SELECT 1 FROM json_each(?1) j WHERE json_extract(j.value, '$[0]') = sport_bet_legs.bet_id AND json_extract(j.value, '$[1]') = sport_bet_legs.position)`,
    )
    .bind(JSON.stringify(decided), eventId)
    .run();
}

/**
 * Settles what the event decided: a fan-out over the players the site lists as the event's bettors
 * (sport_event_bettors, written at placement), each settled in their own object (decision 0075)
 * with the feed's rows their undecided legs name (as facts), SETTLE_AT_ONCE bettors at a time.
 */
export async function settleEvent(env: Env, eventId: number, now = Date.now()): Promise<{ settled: number }> {
  const { results } = await env.DB.prepare("SELECT uid FROM sport_event_bettors WHERE event_id = ?1").bind(eventId).all<{ uid: number }>();
  let settled = 0;
  await inParallel(results, SETTLE_AT_ONCE, async ({ uid }, i) => {
    // Fault tests stagger the bettors' settlements to kill the Worker between two of them.
    await simulatedLatency(env, "settle", i + 1);
    try {
      // Awaited first: `settled += await …` would read the total before the await and lose the other lanes' counts.
      const n = await settleBettor(env, uid, eventId, now);
      settled += n;
    } catch (e) {
      // One player's failure leaves their bets open for the next run (the cron's sweep); the others still settle.
      console.error(`sportsbook: settling player ${uid}'s bets on event ${eventId} failed`, e instanceof Error ? e.message : e);
    }
  });
  return { settled };
}

/**
 * How many bettors of an event settle at once: each is a call to their own object (their bets,
 * their wallet) and a few D1 reads, so a final's thousands of bettors settle in parallel, bounded
 * so that D1 and the feed's isolate are not flooded.
 */
const SETTLE_AT_ONCE = 16;

/** Runs `work` over `items`, at most `limit` at a time; answers when every one has run. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** How many ended events one sweep settles at most (each is a fan-out to its bettors). */
const SWEEP_EVENTS = 20;

/**
 * The minute cron's catch-up: an event that ended while some of its bettors still have open bets on
 * it (the Worker settling it died part way, or one bettor's settlement failed) is settled again.
 * The bets settled before are not touched (each settles once: see the file comment).
 */
export async function settleLeftovers(env: Env, now = Date.now()): Promise<{ events: number; settled: number }> {
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT b.event_id FROM sport_event_bettors b JOIN sport_events e ON e.id = b.event_id
     WHERE e.status IN ('finished', 'cancelled') ORDER BY b.event_id LIMIT ?1`,
  )
    .bind(SWEEP_EVENTS)
    .all<{ event_id: number }>();
  let settled = 0;
  for (const { event_id } of results) settled += (await settleEvent(env, event_id, now)).settled;
  return { events: results.length, settled };
}

/**
 * One bettor's part, as one call to their object (PlayerObject.settleBets runs `settlePlayer` on
 * its own storage): their bets, legs and wallet are there, so each bet's batch is not a call of its own.
 */
const settleBettor = (env: Env, uid: number, eventId: number, now: number): Promise<number> =>
  inPlayerObject(env, uid, (player) => player.settleBets(uid, eventId, now));

/**
 * One bettor's part of an event's settlement, in their own tables (`env` carries them: the
 * player's object); their bettor row goes once their legs on it are decided.
 */
export async function settlePlayer(env: Env, uid: number, eventId: number, now: number, waitUntil: (p: Promise<unknown>) => void): Promise<number> {
  const own = playerTables(env, uid);
  const { results: open } = await own
    .prepare(
      `SELECT DISTINCT g.selection_id FROM sport_bet_legs g WHERE g.result IS NULL AND g.selection_id IS NOT NULL
         AND g.bet_id IN (SELECT x.bet_id FROM sport_bet_legs x JOIN sport_bets b ON b.id = x.bet_id WHERE x.event_id = ?1 AND b.status = 'open')`,
    )
    .bind(eventId)
    .all<{ selection_id: number }>();
  const db = routedD1(
    env,
    uid,
    null,
    open.length
      ? await slipFacts(
          env.DB,
          open.map((r) => r.selection_id),
        )
      : [],
  );
  const settled = await settleOn(env, db, eventId, now, waitUntil);
  // The bettor stays listed while a bet of theirs on the event waits on it: a leg undecided, or every
  // leg decided and the bet still open (its settlement left to the sweep: a partial cash-out moved it).
  const undecided = await db
    .prepare(
      `SELECT 1 FROM sport_bet_legs g JOIN sport_bets b ON b.id = g.bet_id
       WHERE g.event_id = ?1 AND b.status = 'open'
         AND (g.result IS NULL OR NOT EXISTS (SELECT 1 FROM sport_bet_legs x WHERE x.bet_id = b.id AND x.result IS NULL)) LIMIT 1`,
    )
    .bind(eventId)
    .first();
  if (!undecided) await env.DB.prepare("DELETE FROM sport_event_bettors WHERE event_id = ?1 AND uid = ?2").bind(eventId, uid).run();
  return settled;
}

/**
 * The legs of one player's bets touching the event take their selections' results, then every open
 * bet of theirs on the event whose legs are all decided settles. `db`: the player's own tables.
 */
async function settleOn(env: Env, db: D1Database, eventId: number, now: number, waitUntil: (p: Promise<unknown>) => void): Promise<number> {
  // Picks the feed paid early (decision 0107) are won first, whatever the result after: at the step
  // that paid them, and again at the end for a bettor that step's fan-out did not reach.
  const { results: early } = await env.DB.prepare("SELECT selection_id FROM sport_early_payouts WHERE event_id = ?1")
    .bind(eventId)
    .all<{ selection_id: number }>();
  if (early.length) {
    await db
      .prepare(
        `UPDATE sport_bet_legs SET result = 'win', early = 1
         WHERE result IS NULL AND selection_id IN (SELECT value FROM json_each(?1)) AND bet_id IN (SELECT id FROM sport_bets WHERE status = 'open')`,
      )
      .bind(JSON.stringify(early.map((r) => r.selection_id)))
      .run();
  }
  // The legs of the bets touching this event take their selections' results (void for a void
  // market), for every leg of those bets whose market is decided: a leg on another event settled
  // earlier is caught up here too.
  await db
    .prepare(
      `UPDATE sport_bet_legs SET result = (
         SELECT CASE WHEN m.status = 'void' THEN 'void' ELSE s.result END
         FROM sport_selections s JOIN sport_markets m ON m.id = s.market_id WHERE s.id = sport_bet_legs.selection_id)
       WHERE result IS NULL
         AND bet_id IN (SELECT g.bet_id FROM sport_bet_legs g JOIN sport_bets b ON b.id = g.bet_id WHERE g.event_id = ?1 AND b.status = 'open')
         AND EXISTS (SELECT 1 FROM sport_selections s JOIN sport_markets m ON m.id = s.market_id
                     WHERE s.id = sport_bet_legs.selection_id AND (m.status = 'void' OR (m.status = 'settled' AND s.result IS NOT NULL)))`,
    )
    .bind(eventId)
    .run();
  await decideBuilderLegs(env, db, eventId);
  const [bets, legs] = await db.batch<BetRow | LegState>([
    db
      .prepare(
        `SELECT b.* FROM sport_bets b WHERE b.status = 'open'
           AND b.id IN (SELECT bet_id FROM sport_bet_legs WHERE event_id = ?1)
           AND NOT EXISTS (SELECT 1 FROM sport_bet_legs g WHERE g.bet_id = b.id AND g.result IS NULL)`,
      )
      .bind(eventId),
    db
      .prepare(
        `SELECT g.bet_id, g.odds, g.result FROM sport_bet_legs g JOIN sport_bets b ON b.id = g.bet_id
         WHERE b.status = 'open' AND b.id IN (SELECT bet_id FROM sport_bet_legs WHERE event_id = ?1)`,
      )
      .bind(eventId),
  ]);
  const legsOf = Map.groupBy(legs!.results as LegState[], (l) => l.bet_id);
  let settled = 0;
  // The site's profile, for what a settled bet may count toward (play/bet-consumers.ts); read once for the event's bets.
  const site = bets!.results.length ? await siteJurisdiction({ db: env.DB }) : "international";
  for (const bet of bets!.results as BetRow[]) {
    const own = legsOf.get(bet.id) ?? [];
    if (!own.length || own.some((l) => l.result === null)) continue;
    try {
      if (await settleBet({ db, env, waitUntil }, bet, outcomeOf(bet, own), now, site)) settled++;
    } catch (e) {
      // One bet's failure leaves it open for the next run; the others still settle.
      console.error(`sportsbook: settling bet ${bet.id} failed`, e instanceof Error ? e.message : e);
    }
  }
  return settled;
}

/** Settles one bet in one batch (`deps.db`: its player's own tables); answers whether this call did it. */
async function settleBet(deps: MoneyDeps, bet: BetRow, o: Outcome, now: number, site: JurisdictionId): Promise<boolean> {
  const db = deps.db;
  const freeBetVoid = o.status === "void" && bet.funding === "betting_bonus";
  // A void free bet's stake goes back only while its bonus is active: decided inside the batch.
  const payout = freeBetVoid ? "CASE WHEN EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?7 AND status = 'active') THEN ?3 ELSE 0 END" : "?3";
  const update = db
    // Only the bet as read: a partial cash-out between the read and this batch (the player's own
    // call, interleaved at an await) changed what rides, so this run leaves it to the next (decision 0105).
    .prepare(`UPDATE sport_bets SET status = ?2, payout = ${payout}, odds = ?4, settled_at = ?5 WHERE id = ?1 AND status = 'open' AND open_stake = ?6`)
    .bind(bet.id, o.status, o.payout, o.odds, now, bet.open_stake, ...(freeBetVoid ? [bet.bonus_id] : []));
  // What a settled bet feeds (play/bet-consumers.ts: loyalty points…); it applies only if this batch settled it.
  const fed = await consumeAll(BET_CONSUMERS, db, { bet, status: o.status, paid: bet.cashed_out + o.payout, settledAt: now, site }, now);
  let changed: boolean;
  let paid = o.payout;
  if (o.payout > 0) {
    const kind = freeBetVoid ? "betting_bonus" : "main";
    const plan = planOperation(
      db,
      {
        uid: bet.uid,
        key: `sport-settle:${bet.id}`,
        type: o.status === "won" ? "sport_win" : "sport_refund",
        reference: bet.id,
        changes: [{ kind, delta: o.payout }],
      },
      { sql: "EXISTS (SELECT 1 FROM sport_bets WHERE id = ?1 AND settled_at = ?2 AND payout > 0)", params: [bet.id, now] },
    );
    const { results } = await moveMoneyWith(deps, [update, ...fed.statements], plan);
    changed = (results[0]?.meta.changes ?? 0) > 0;
    await fed.committed(deps, changed, results.slice(1));
    if (changed && freeBetVoid) paid = (await db.prepare("SELECT payout FROM sport_bets WHERE id = ?1").bind(bet.id).first<number>("payout")) ?? 0;
  } else {
    const [result, ...rest] = await db.batch([update, ...fed.statements]);
    changed = (result?.meta.changes ?? 0) > 0;
    await fed.committed(deps, changed, rest);
  }
  if (changed) {
    deps.waitUntil(publish(deps.env, bet.uid, BET_SETTLED_EVENT, { bet_id: bet.id, status: o.status, payout: { amount: paid, currency: bet.currency } }));
    // The bonus's last open free bet at zero balance: the bonus closes now (not left active, empty).
    if (bet.funding === "betting_bonus") await closeSpentBettingBonus(deps, bet.bonus_id);
  }
  return changed;
}
