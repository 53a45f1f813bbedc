import { playLimitGate, playLimitRefusal } from "../responsible/play-limits";
import { playerJurisdiction } from "../responsible/jurisdiction";
import { assertLimitSet } from "../responsible/play-rules";
import { routedD1 } from "../player/routed-d1";
import { slipFacts } from "./feed-facts";
import { SYSTEM_MAX_SELECTIONS, SYSTEM_MIN_SELECTIONS, systemLines, systemReturn, systemSizesProblem } from "../../../core/system-bets";
import { BET_MAX_STAKE, BET_MIN_STAKE, builderLegText, type OddsChange, type SportBet } from "../../../core/api/contract-sportsbook";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { inPlayerObject } from "../player/wire";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { combinedOdds, withLegs, type BetRow } from "./bets";
import { builderTicket } from "./builder-place";
import { oddsAcceptable, type PlaceParams, SELECTIONS_GATE, type Ticket } from "./ticket";

export type { PlaceParams };
import { readSlip } from "./read";
import { sportsbookError } from "./view";

/**
 * sportsbook.placeBet (decision 0049): the bet row, its legs and the wallet debit in one batch of the
 * player's own tables.
 * The bet row's INSERT … SELECT is the gate: it inserts only while every selection still has the
 * odds this call read, its market is open and its event not finished (and, for a free bet, the
 * bonus is still active); the legs and the wallet operation apply only if the row exists. An
 * overdraft fails the debit and rolls the whole batch back. If the gate was shut (the feed moved
 * between the read and the batch), the call reads again once and decides again.
 */

const invalid = (field: string, message: string) => new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });

/** The checks that need no database: shape and stake limits. */
function checkShape(p: PlaceParams): void {
  if (p.kind === "builder") {
    if (p.selections) throw invalid("selections", "A bet builder takes legs of one event, not selections");
    if (p.event_id === undefined || !p.legs) throw sportsbookError("builder_needs_event", "A bet builder needs its event and its legs", 400, "legs");
    if (p.odds.length !== 1) throw invalid("odds", "A bet builder has one price: odds is the builder's odds");
  } else {
    if (p.legs || p.event_id !== undefined) throw invalid("legs", "Legs of one event make a bet builder: kind is 'builder'");
    if (!p.selections) throw invalid("selections", "selections is required");
    if (p.odds.length !== p.selections.length) throw invalid("odds", "odds lists one odds per selection, in the same order");
  }
  if (p.kind === "system") checkSystem(p);
  else if (p.system_from !== undefined || p.system_to !== undefined)
    throw invalid("system_from", "system_from and system_to are a system bet's: kind is 'system'");
  if (p.kind === "single" && p.selections!.length !== 1) throw sportsbookError("single_needs_one", "A single bet has exactly one selection", 400, "selections");
  if (p.kind === "accumulator" && p.selections!.length < 2)
    throw sportsbookError("accumulator_needs_two", "An accumulator has at least two selections", 400, "selections");
  // Limits in minor units of the player's currency (the stake is in it).
  if (p.stake < BET_MIN_STAKE)
    throw sportsbookError("below_min_stake", `The stake is at least ${BET_MIN_STAKE} minor units`, 400, "stake", { min: BET_MIN_STAKE });
  if (p.stake > BET_MAX_STAKE)
    throw sportsbookError("above_max_stake", `The stake is at most ${BET_MAX_STAKE} minor units`, 400, "stake", { max: BET_MAX_STAKE });
}

/**
 * A system bet's shape (decision 0106): 3 to 8 selections, sizes that make lines, a whole stake per
 * line no smaller than a bet's minimum, and the main balance (a free bet's terms are a single bet's).
 */
function checkSystem(p: PlaceParams): void {
  const n = p.selections!.length;
  if (n < SYSTEM_MIN_SELECTIONS || n > SYSTEM_MAX_SELECTIONS)
    throw sportsbookError("system_selections", `A system bet takes ${SYSTEM_MIN_SELECTIONS} to ${SYSTEM_MAX_SELECTIONS} selections`, 400, "selections");
  if (p.system_from === undefined || p.system_to === undefined) throw invalid("system_from", "A system bet names its sizes: system_from and system_to");
  const problem = systemSizesProblem(n, p.system_from, p.system_to);
  if (problem) throw sportsbookError("system_sizes", `These sizes make no system bet: ${problem}`, 400, "system_from");
  const lines = systemLines(n, p.system_from, p.system_to);
  if (p.stake % lines !== 0)
    throw sportsbookError("system_stake_split", `The stake is shared by ${lines} lines: it is a whole number of minor units per line`, 400, "stake", { lines });
  if (p.stake / lines < BET_MIN_STAKE)
    throw sportsbookError("below_min_stake", `Each of the ${lines} lines takes at least ${BET_MIN_STAKE} minor units`, 400, "stake", {
      min: BET_MIN_STAKE * lines,
      lines,
    });
  if (p.funding !== "main") throw sportsbookError("system_main_only", "A system bet is staked from the main balance", 400, "funding");
}

/** What placing reads of the player: their currency, odds setting and active betting bonus. */
interface Bettor {
  currency: string;
  setting: OddsChange;
  bonus: { id: string; stake_returned: number; max_cashout: number | null } | null;
}

async function readBettor(ctx: BetCall): Promise<Bettor> {
  // The player's currency (their mirrored `users` row), active betting bonus and odds setting are
  // read in their own tables, as decision 0075 places them.
  const tables = ctx.player();
  const [[user, bonus], setting] = await Promise.all([
    tables.batch<Record<string, unknown>>([
      tables.prepare("SELECT currency FROM users WHERE uid = ?1").bind(ctx.uid),
      tables
        .prepare(
          `SELECT b.id, t.stake_returned, b.max_cashout FROM player_bonuses b JOIN bonus_templates t ON t.id = b.template_id
           WHERE b.uid = ?1 AND b.type = 'betting' AND b.status = 'active'`,
        )
        .bind(ctx.uid),
    ]),
    tables.prepare("SELECT odds_change FROM sport_settings WHERE uid = ?1").bind(ctx.uid).first<OddsChange>("odds_change"),
  ]);
  const u = user!.results[0] as { currency: string } | undefined;
  if (!u) throw new PlatformError("Authorization", "Sign in to continue");
  return { currency: u.currency, setting: setting ?? "higher", bonus: (bonus!.results[0] as Bettor["bonus"]) ?? null };
}

/** A single's or an accumulator's ticket, decided on what was read: the odds to take, or the refusal. */
async function selectionsTicket(ctx: BetCall, p: PlaceParams, setting: OddsChange): Promise<Ticket> {
  const slip = await readSlip(ctx.db, p.selections!);
  if (slip.length !== p.selections!.length) {
    const missing = p.selections!.filter((id) => !slip.some((r) => r.id === id));
    throw sportsbookError("unknown_selection", "No such selection", 404, "selections", { selections: missing });
  }
  if (p.kind !== "single" && new Set(slip.map((r) => r.event_id)).size !== slip.length) {
    throw sportsbookError("same_event", "An accumulator takes one selection per event", 400, "selections");
  }
  for (const r of slip) {
    if (r.event_status === "finished" || r.event_status === "cancelled" || r.market_status === "settled" || r.market_status === "void") {
      throw sportsbookError("market_closed", "This market takes no more bets", 409, "selections", { selection_id: r.id });
    }
    if (r.market_status === "suspended")
      throw sportsbookError("market_suspended", "This market is suspended for now", 409, "selections", { selection_id: r.id });
  }
  const current = slip.map((r) => r.odds);
  if (!oddsAcceptable(setting, p.odds, current)) throw sportsbookError("odds_changed", "The odds have changed", 409, "odds", { odds: current });
  const legs = slip.map((r, i) => ({ s: r.id, l: null, e: r.event_id, o: current[i]! }));
  return {
    odds: p.kind === "system" ? systemOdds(p, current) : combinedOdds(current),
    current,
    legs,
    gate: SELECTIONS_GATE,
    gateParam: JSON.stringify(legs),
    facts: await slipFacts(
      ctx.db,
      slip.map((r) => r.id),
    ),
  };
}

/**
 * A system bet's odds as one figure: what its lines return if every leg wins, per unit of the
 * whole stake, rounded down (never under 1.00: every line's odds are at least that).
 */
function systemOdds(p: PlaceParams, odds: number[]): number {
  const lines = systemLines(odds.length, p.system_from!, p.system_to!);
  const all = systemReturn(
    100,
    odds.map((o) => ({ odds: o, result: null })),
    p.system_from!,
    p.system_to!,
  ).total;
  return Math.max(100, Math.floor(all / lines));
}

/** The same key names the same bet: same kind, legs (in order), stake and funding. */
async function earlierBet(ctx: BetCall, p: PlaceParams): Promise<BetRow | null> {
  const tables = ctx.player();
  const bet = await tables.prepare("SELECT * FROM sport_bets WHERE uid = ?1 AND key = ?2").bind(ctx.uid, p.key).first<BetRow>();
  if (!bet) return null;
  const { results } = await tables
    .prepare("SELECT selection_id, leg, event_id FROM sport_bet_legs WHERE bet_id = ?1 ORDER BY position")
    .bind(bet.id)
    .all<{ selection_id: number | null; leg: string | null; event_id: number }>();
  const asked = p.kind === "builder" ? p.legs!.map((l) => `${p.event_id}:${builderLegText(l)}`) : p.selections!.map(String);
  const kept = results.map((r) => (r.leg === null ? String(r.selection_id) : `${r.event_id}:${r.leg}`));
  const same =
    bet.kind === p.kind &&
    bet.stake === p.stake &&
    bet.funding === p.funding &&
    kept.join(",") === asked.join(",") &&
    bet.system_from === (p.system_from ?? null) &&
    bet.system_to === (p.system_to ?? null);
  if (!same) throw sportsbookError("key_reused", "This key was used for another bet", 400, "key");
  return bet;
}

/** What placing a bet needs of its call: a platform call's context, or the player's object's own (object.ts `placeBet`). */
export type BetCall = Pick<PlatformContext, "env" | "db" | "player" | "uid" | "locale" | "defaultLocale" | "waitUntil">;

/**
 * sportsbook.placeBet: one call to the player's object (decision 0075), which runs `placeBet` on
 * its own storage (only the feed's rows and the event's bettor list are D1's). Malformed input is
 * refused first, so it costs no object a request.
 */
export async function placePlayerBet(ctx: PlatformContext, p: PlaceParams): Promise<{ bet: SportBet }> {
  checkShape(p);
  // A market that wants a deposit limit before any play (Sweden) holds a bet as it holds a round
  // (decision 0090); a free bet too, which is play with a sign-up offer's money.
  const market = await playerJurisdiction(ctx);
  if (market.depositLimits.requiredBeforeDeposit) {
    await assertLimitSet(ctx.player(), ctx.uid, { limitRequired: true, regulator: market.regulator }, Date.now());
  }
  const reader = { locale: ctx.locale, defaultLocale: ctx.defaultLocale };
  return inPlayerObject(ctx.env, ctx.uid, (player) => player.placeBet(ctx.uid, p, reader, ctx.replica ?? null));
}

export async function placeBet(ctx: BetCall, p: PlaceParams): Promise<{ bet: SportBet }> {
  checkShape(p);
  const reader = { locale: ctx.locale, defaultLocale: ctx.defaultLocale };
  const answer = async (bet: BetRow) => ({ bet: (await withLegs(ctx.player(), ctx.db, [bet], reader))[0]! });
  const ticketOf = (bettor: Bettor) => (p.kind === "builder" ? builderTicket(ctx.db, p, bettor.setting) : selectionsTicket(ctx, p, bettor.setting));
  const first = await earlierBet(ctx, p);
  if (first) return answer(first);
  for (let attempt = 0; ; attempt++) {
    const bettor = await readBettor(ctx);
    const ticket = await ticketOf(bettor);
    if (p.funding === "betting_bonus" && !bettor.bonus) throw sportsbookError("no_betting_bonus", "No active betting bonus to bet with", 409, "funding");
    const placed = await tryPlace(ctx, p, bettor, ticket);
    if (placed) return answer(placed);
    // Not placed: the same key won a race, or the gate was shut by a change since the read.
    const raced = await earlierBet(ctx, p);
    if (raced) return answer(raced);
    // Held back by the player's loss or wager limit (issue 40): say which, and what it leaves.
    const limit = await playLimitRefusal(ctx.player(), ctx.uid, p.stake, "stake");
    if (limit) throw limit;
    if (attempt >= 1) {
      // Twice moved under us: decide on a fresh read; if that still passes, tell the current odds.
      const fresh = await ticketOf(await readBettor(ctx));
      throw sportsbookError("odds_changed", "The odds have changed", 409, "odds", { odds: fresh.current });
    }
  }
}

/**
 * The batch, in the player's own tables (their object, decision 0075). Its gate joins the feed's
 * rows as read from D1 just before, which travel with the call (`ticket.facts`): the bet is
 * accepted at the feed as it stood at that read.
 */
async function tryPlace(call: BetCall, p: PlaceParams, s: Bettor, ticket: Ticket): Promise<BetRow | null> {
  const ctx = { ...call, db: routedD1(call.env, call.uid, null, ticket.facts) };
  // The site's list of the events' bettors first (their settlement asks these players: settle.ts).
  await call.env.DB.prepare("INSERT OR IGNORE INTO sport_event_bettors (event_id, uid) SELECT DISTINCT value, ?2 FROM json_each(?1)")
    .bind(JSON.stringify([...new Set(ticket.legs.map((l) => l.e))]), call.uid)
    .run();
  const id = crypto.randomUUID();
  const now = Date.now();
  const bonus = p.funding === "betting_bonus" ? s.bonus! : null;
  const legs = JSON.stringify(ticket.legs);
  const db = ctx.db;
  const statements = [
    db
      .prepare(
        `INSERT INTO sport_bets (id, uid, key, kind, currency, stake, open_stake, odds, funding, bonus_id, stake_returned, max_payout, placed_at,
           system_from, system_to)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?14, ?15
         WHERE ${ticket.gate("?13")}
         AND (?9 IS NULL OR EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?9 AND uid = ?2 AND status = 'active'))
         AND ${playLimitGate("?2", "?6", "?12")}
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(
        id,
        ctx.uid,
        p.key,
        p.kind,
        s.currency,
        p.stake,
        ticket.odds,
        p.funding,
        bonus?.id ?? null,
        bonus ? bonus.stake_returned : 1,
        bonus?.max_cashout ?? null,
        now,
        ticket.gateParam,
        p.system_from ?? null,
        p.system_to ?? null,
      ),
    db
      .prepare(
        `INSERT INTO sport_bet_legs (bet_id, position, selection_id, leg, event_id, odds)
         SELECT ?1, j.key, json_extract(j.value, '$.s'), json_extract(j.value, '$.l'), json_extract(j.value, '$.e'), json_extract(j.value, '$.o')
         FROM json_each(?2) j WHERE EXISTS (SELECT 1 FROM sport_bets WHERE id = ?1)`,
      )
      .bind(id, legs),
  ];
  const plan = planOperation(
    db,
    { uid: ctx.uid, key: `sport-bet:${id}`, type: "sport_bet", reference: id, changes: [{ kind: bonus ? "betting_bonus" : "main", delta: -p.stake }] },
    { sql: "EXISTS (SELECT 1 FROM sport_bets WHERE id = ?1)", params: [id] },
  );
  try {
    const { applied } = await moveMoneyWith(ctx, statements, plan);
    if (!applied) return null;
  } catch (e) {
    if (e instanceof PlatformError && e.exception === "BillingTransactionDeclined") {
      throw sportsbookError("insufficient_funds", "Not enough money on the balance for this stake", 409, "stake");
    }
    throw e;
  }
  return db.prepare("SELECT * FROM sport_bets WHERE id = ?1").bind(id).first<BetRow>();
}
