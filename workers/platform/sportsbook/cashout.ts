import { BET_MIN_STAKE, type CashOutQuote, type OddsChange, parseBuilderLeg, type SportBet } from "../../../core/api/contract-sportsbook";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { fromBase64Url, toBase64Url } from "../../../core/base64url";
import { sign, verify } from "../core/signing";
import { routedD1 } from "../player/routed-d1";
import { type Facts, inPlayerObject } from "../player/wire";
import { moveMoneyWith } from "../wallet/move-money";
import { BET_CONSUMERS } from "../play/bet-consumers";
import { consumeAll } from "../play/events";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { planOperation } from "../wallet/wallet";
import { type BetRow, systemOf, winPayout, withLegs } from "./bets";
import { systemWorth } from "../../../core/system-bets";
import { builderPrice, operatorMargin } from "./builder";
import { eventFacts, slipFacts } from "./feed-facts";
import { MARGIN } from "./feed-odds";
import type { BetCall } from "./place";
import { readSlip } from "./read";
import { BUILDER_GATE, type Gate, SELECTIONS_GATE } from "./ticket";
import { sportsbookError } from "./view";
import { publish } from "../../realtime/publish";
import { BET_SETTLED_EVENT, inParallel } from "./settle";

/**
 * Cash out (issue 42, decision 0105). An offer is what the stake still riding is worth now: the bet's
 * return on it times the chance that it still wins, less the operator's cash-out margin —
 *
 *     value = ⌊ return(open_stake) × P(win from here) / cashout_margin ⌋
 *
 * P is the product of the undecided legs' chances as the feed prices them now (a selection's chance
 * is the one its odds were made from: 1 / (odds × the feed's margin)); a bet builder's is its joint
 * chance from the feed's model (decision 0102). Won legs count 1, void legs drop out of the return.
 * The offer is signed and good for CASHOUT_QUOTE_TTL_MS; taking it prices the bet again, takes or
 * refuses a moved value by the player's odds rule, and writes the cash-out row, the bet's change and
 * the wallet credit in one batch of the player's tables, gated on the feed and the bet being as
 * priced — so a cash-out and the bet's settlement cannot both pay (settle.ts is gated on the bet
 * still open with the stake it read). A full cash-out settles the bet and feeds loyalty and quests as
 * a settled bet does (BET_CONSUMERS), in the same batch.
 */

/** How long an offer holds: the feed's steps are seconds apart in play. */
export const CASHOUT_QUOTE_TTL_MS = 15_000;
/** The cash-out margin when the operator set none (`settings.sportsbook.cashout_margin`). */
export const DEFAULT_CASHOUT_MARGIN = 1.05;
const PURPOSE = "sport-cashout";

/** What a signed offer carries: quote id, bet, player, value, the stake riding it was made for, expiry. */
interface QuoteBody {
  q: string;
  b: string;
  u: number;
  v: number;
  s: number;
  e: number;
}

interface LegNow {
  position: number;
  selection_id: number | null;
  leg: string | null;
  event_id: number;
  odds: number;
  result: "win" | "lose" | "void" | null;
}

/** The bet priced now, with the gate that holds a batch to the feed as it was read. */
interface Priced {
  value: number;
  gate: Gate;
  gateParam: string;
  facts: Facts[];
  /** The most it can be worth before its end (every open leg won, less the margin): an auto threshold's ceiling. */
  ceiling: number;
  /** The events of its legs not yet decided. */
  openEvents: number[];
}

const unavailable = (why: string) => sportsbookError("cashout_unavailable", `This bet cannot be cashed out now: ${why}`, 409, "bet_id");

/** What the bet's stake still riding is worth now (see the file comment), or the refusal. */
async function priceNow(call: Pick<BetCall, "db" | "player">, bet: BetRow): Promise<Priced> {
  if (bet.status !== "open") throw unavailable("it is settled");
  if (bet.funding !== "main") throw unavailable("a free bet is not cashed out");
  const { results: legs } = await call
    .player()
    .prepare("SELECT position, selection_id, leg, event_id, odds, result FROM sport_bet_legs WHERE bet_id = ?1 ORDER BY position")
    .bind(bet.id)
    .all<LegNow>();
  // A system's lines outlive a lost leg (decision 0106): only the lines with it are dead.
  if (bet.kind !== "system" && legs.some((l) => l.result === "lose")) throw unavailable("a leg lost");
  const open = legs.filter((l) => l.result === null);
  if (!open.length) throw unavailable("it is being settled");
  const margin = await operatorMargin(call.db, "cashout_margin", DEFAULT_CASHOUT_MARGIN);
  // The odds the stake still rides on (a builder's are its one price), and what they return if all win.
  const riding = bet.kind === "builder" ? [bet.odds] : legs.filter((l) => l.result !== "void").map((l) => l.odds);
  const most = {
    ceiling: Math.floor((bet.kind === "system" ? systemOf(bet, legs)!.total : winPayout(bet, riding)) / margin),
    openEvents: [...new Set(open.map((l) => l.event_id))],
  };
  if (bet.kind === "builder") {
    const eventId = legs[0]!.event_id;
    const parsed = legs.map((l) => parseBuilderLeg(l.leg ?? ""));
    if (parsed.some((l) => l === null)) throw unavailable("its legs are not priced");
    const priced = await builderPrice(
      call.db,
      eventId,
      parsed.map((l) => l!),
    ).catch((e: unknown) => {
      throw e instanceof PlatformError && e.status < 500 ? unavailable("its event takes no bets now") : e;
    });
    return {
      value: Math.floor((winPayout(bet, [bet.odds]) * priced.quote.chance) / margin),
      gate: BUILDER_GATE,
      gateParam: JSON.stringify([eventId, priced.step]),
      facts: await eventFacts(call.db, eventId),
      ...most,
    };
  }
  const now = await readSlip(
    call.db,
    open.map((l) => l.selection_id!),
  );
  if (now.length !== open.length || now.some((r) => r.market_status !== "open" || (r.event_status !== "prematch" && r.event_status !== "live"))) {
    throw unavailable("a market of the bet is not open");
  }
  const chanceOf = (odds: number) => Math.min(1, 100 / (odds * MARGIN));
  const chance = now.reduce((p, r) => p * chanceOf(r.odds), 1);
  // A system bet: each line alive, its return times the chance its open legs all win (decision 0110).
  const nowOdds = new Map(now.map((r) => [r.id, r.odds]));
  const worth =
    bet.kind === "system"
      ? systemWorth(
          systemOf(bet, legs)!.lineStake,
          legs.map((l) => ({ odds: l.odds, result: l.result, chance: l.result === null ? chanceOf(nowOdds.get(l.selection_id!)!) : 1 })),
          bet.system_from!,
          bet.system_to!,
        )
      : winPayout(bet, riding) * chance;
  return {
    value: Math.floor(worth / margin),
    gate: SELECTIONS_GATE,
    gateParam: JSON.stringify(now.map((r) => ({ s: r.id, o: r.odds }))),
    facts: await slipFacts(
      call.db,
      now.map((r) => r.id),
    ),
    ...most,
  };
}

/**
 * The partial cash-outs an offer allows: at least the least stake, and less than the whole (a part of
 * the stake must ride on); none for a system bet, whose lines share one stake per line (decision 0110).
 */
function partialRange(value: number, bet: Pick<BetRow, "open_stake" | "kind">): { min: number; max: number } {
  const openStake = bet.open_stake;
  return { min: BET_MIN_STAKE, max: bet.kind !== "system" && openStake > 1 ? Math.floor((value * (openStake - 1)) / openStake) : 0 };
}

async function ownBet(call: Pick<BetCall, "player" | "uid">, betId: string): Promise<BetRow> {
  const bet = await call.player().prepare("SELECT * FROM sport_bets WHERE id = ?1 AND uid = ?2").bind(betId, call.uid).first<BetRow>();
  if (!bet) throw sportsbookError("unknown_bet", "No such bet", 404, "bet_id");
  return bet;
}

/** sportsbook.getCashOut: the signed offer. */
export async function quoteCashOut(ctx: PlatformContext, betId: string, now = Date.now()): Promise<CashOutQuote> {
  const bet = await ownBet(ctx, betId);
  const { value } = await priceNow(ctx, bet);
  if (value < 1) throw unavailable("it is worth nothing now");
  const body: QuoteBody = { q: crypto.randomUUID(), b: bet.id, u: ctx.uid, v: value, s: bet.open_stake, e: now + CASHOUT_QUOTE_TTL_MS };
  const text = toBase64Url(new TextEncoder().encode(JSON.stringify(body)));
  const range = partialRange(value, bet);
  const money = (amount: number) => ({ amount, currency: bet.currency });
  return {
    bet_id: bet.id,
    quote_id: body.q,
    value: money(value),
    open_stake: money(bet.open_stake),
    partial_min: money(range.max >= range.min ? range.min : 0),
    partial_max: money(range.max >= range.min ? range.max : 0),
    expires_at: body.e,
    token: `${text}.${await sign(ctx.env.SIGNING_SECRET, PURPOSE, text)}`,
  };
}

/** The offer a token carries, if it is ours, this player's and well formed. */
async function readToken(secret: string, token: string, uid: number): Promise<QuoteBody> {
  const [text = "", mac = ""] = token.split(".");
  const invalid = sportsbookError("quote_invalid", "This cash-out offer is not valid", 400, "token");
  if (!/^[A-Za-z0-9_-]{1,500}$/.test(text) || !(await verify(secret, PURPOSE, text, mac))) throw invalid;
  const body = JSON.parse(new TextDecoder().decode(fromBase64Url(text))) as QuoteBody;
  if (body.u !== uid) throw invalid;
  return body;
}

/**
 * sportsbook.cashOut: the offer checked here (signature, player, expiry), taken in the player's
 * object (`acceptCashOut`), where the bet, its legs and the wallet are.
 */
export async function cashOutBet(ctx: PlatformContext, token: string, amount: number | undefined, now = Date.now()) {
  const body = await readToken(ctx.env.SIGNING_SECRET, token, ctx.uid);
  if (body.e < now) throw sportsbookError("quote_expired", "This cash-out offer has expired: ask for a new one", 409, "token");
  const reader = { locale: ctx.locale, defaultLocale: ctx.defaultLocale };
  return inPlayerObject(ctx.env, ctx.uid, (player) => player.cashOut(ctx.uid, body, amount ?? null, reader));
}

export type { QuoteBody };

/** Whether a value that moved since the offer may be taken, by the player's odds rule (as odds are: ticket.ts). */
function valueAcceptable(setting: OddsChange, offered: number, now: number): boolean {
  return setting === "any" || (setting === "higher" ? now >= offered : now === offered);
}

/** What a cash-out's batch needs of a call: the player's tables, the site, the wallet's follow-ups. */
type CashOutCall = Pick<BetCall, "env" | "db" | "player" | "uid" | "waitUntil">;

/**
 * Pays `paid` of the bet priced as `priced` (all of it when `paid` is its whole value) in one batch of
 * the player's object: the cash-out row, the bet's change and the wallet credit, gated on the bet
 * still open with the stake it was priced for and the feed as read; a full one also feeds loyalty and
 * quests (BET_CONSUMERS) and says sports.bet.settled after commit. Answers whether this call took it.
 */
async function takeCashOut(
  call: CashOutCall,
  bet: BetRow,
  priced: Priced,
  take: { id: string; paid: number; full: boolean; auto: boolean },
  now: number,
): Promise<boolean> {
  const full = take.full;
  // The stake the amount takes off, rounded up: what rides on is worth at most what was not paid.
  const part = full ? bet.open_stake : Math.ceil((take.paid * bet.open_stake) / priced.value);
  const db = routedD1(call.env, call.uid, null, priced.facts);
  const statements = [
    db
      .prepare(
        `INSERT INTO sport_bet_cashouts (id, bet_id, uid, amount, stake, auto, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?9, ?6
         WHERE EXISTS (SELECT 1 FROM sport_bets WHERE id = ?2 AND status = 'open' AND open_stake = ?7) AND ${priced.gate("?8")}
         ON CONFLICT (id) DO NOTHING`,
      )
      .bind(take.id, bet.id, call.uid, take.paid, part, now, bet.open_stake, priced.gateParam, take.auto ? 1 : 0),
    // The player's own cash-out clears the auto threshold (a partial one: it was set for the whole stake
    // riding); the auto one keeps it, to say so on the bet (decision 0110).
    db
      .prepare(
        `UPDATE sport_bets SET open_stake = open_stake - ?3, cashed_out = cashed_out + ?4, auto_cashout = CASE WHEN ?7 THEN auto_cashout END,
           status = CASE WHEN ?5 THEN 'cashed_out' ELSE status END,
           payout = CASE WHEN ?5 THEN cashed_out + ?4 ELSE payout END,
           settled_at = CASE WHEN ?5 THEN ?6 ELSE settled_at END
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM sport_bet_cashouts WHERE id = ?2 AND created_at = ?6)`,
      )
      .bind(bet.id, take.id, part, take.paid, full ? 1 : 0, now, take.auto ? 1 : 0),
  ];
  const plan = planOperation(
    db,
    { uid: call.uid, key: `sport-cashout:${take.id}`, type: "sport_cashout", reference: bet.id, changes: [{ kind: "main", delta: take.paid }] },
    { sql: "EXISTS (SELECT 1 FROM sport_bet_cashouts WHERE id = ?1 AND created_at = ?2)", params: [take.id, now] },
  );
  // A full cash-out settles the bet: it feeds what a settled bet feeds (loyalty points, quests), in this batch.
  const site = full ? await siteJurisdiction({ db: call.env.DB }) : null;
  const total = bet.cashed_out + take.paid;
  const fed = site ? await consumeAll(BET_CONSUMERS, db, { bet, status: "cashed_out", paid: total, settledAt: now, site }, now) : null;
  const deps = { ...call, db };
  const { applied, results } = await moveMoneyWith(deps, [...statements, ...(fed?.statements ?? [])], plan);
  await fed?.committed(deps, applied !== null, results.slice(statements.length));
  if (applied && full) {
    const payout = { amount: total, currency: bet.currency };
    call.waitUntil(publish(call.env, call.uid, BET_SETTLED_EVENT, { bet_id: bet.id, status: "cashed_out", payout }));
  }
  return applied !== null;
}

/** Runs in the player's object: takes the offer once (its quote id is the cash-out's), or says why not. */
export async function acceptCashOut(
  call: BetCall,
  body: QuoteBody,
  amount: number | null,
  now = Date.now(),
): Promise<{ bet: SportBet; paid: SportBet["stake"] }> {
  const tables = call.player();
  const reader = { locale: call.locale, defaultLocale: call.defaultLocale };
  const answer = async (paid: number) => {
    const bet = await ownBet(call, body.b);
    return { bet: (await withLegs(tables, call.db, [bet], reader))[0]!, paid: { amount: paid, currency: bet.currency } };
  };
  const earlier = () => tables.prepare("SELECT amount FROM sport_bet_cashouts WHERE id = ?1 AND bet_id = ?2").bind(body.q, body.b).first<number>("amount");
  const taken = await earlier();
  if (taken !== null) return answer(taken);
  const bet = await ownBet(call, body.b);
  const priced = await priceNow(call, bet);
  const setting = (await tables.prepare("SELECT odds_change FROM sport_settings WHERE uid = ?1").bind(call.uid).first<OddsChange>("odds_change")) ?? "higher";
  // An offer for another stake riding (a partial cash-out since) is not this bet's value any more.
  if (bet.open_stake !== body.s || !valueAcceptable(setting, body.v, priced.value) || priced.value < 1) {
    throw sportsbookError("cashout_changed", "The cash-out value has changed", 409, "token", { value: priced.value });
  }
  const range = partialRange(priced.value, bet);
  if (amount !== null && (amount < range.min || amount > range.max)) {
    throw sportsbookError("partial_out_of_range", "A partial cash-out is between the least stake and less than the whole value", 400, "amount", range);
  }
  const paid = amount ?? priced.value;
  const applied = await takeCashOut(call, bet, priced, { id: body.q, paid, full: amount === null, auto: false }, now);
  if (applied) return answer(paid);
  // Not taken: the same offer won a race, or the bet or the feed moved since the read.
  const raced = await earlier();
  if (raced !== null) return answer(raced);
  const again = await ownBet(call, body.b);
  const value = again.status === "open" ? (await priceNow(call, again)).value : null;
  if (value === null) throw unavailable("it is settled");
  throw sportsbookError("cashout_changed", "The cash-out value has changed", 409, "token", { value });
}

/**
 * sportsbook.setAutoCashOut (decision 0110): the threshold, or none. The site's list of the bet's
 * undecided events is written first, so a threshold the bet holds is always one the feed's steps
 * check; clearing leaves the list to the next check (a row without a threshold is dropped there).
 */
export async function setAutoCashOut(ctx: PlatformContext, betId: string, value: number | undefined): Promise<{ bet: SportBet }> {
  const bet = await ownBet(ctx, betId);
  const reader = { locale: ctx.locale, defaultLocale: ctx.defaultLocale };
  const tables = ctx.player();
  if (value === undefined) {
    await tables.prepare("UPDATE sport_bets SET auto_cashout = NULL WHERE id = ?1 AND uid = ?2").bind(bet.id, ctx.uid).run();
    return { bet: (await withLegs(tables, ctx.db, [{ ...bet, auto_cashout: null }], reader))[0]! };
  }
  // The highest threshold worth setting: the return on the stake riding with every leg won, less the cash-out margin.
  const { value: now, ceiling, openEvents } = await priceNow(ctx, bet);
  const range = { min: now + 1, max: ceiling };
  if (value < range.min || value > range.max) {
    throw sportsbookError("auto_cashout_range", "An auto cash-out is above the value now and at most what the bet can be worth", 400, "value", range);
  }
  await ctx.db
    .prepare("INSERT INTO sport_auto_cashouts (event_id, bet_id, uid) SELECT value, ?2, ?3 FROM json_each(?1) WHERE true ON CONFLICT DO NOTHING")
    .bind(JSON.stringify(openEvents), bet.id, ctx.uid)
    .run();
  const set = await tables
    .prepare("UPDATE sport_bets SET auto_cashout = ?3 WHERE id = ?1 AND uid = ?2 AND status = 'open' AND open_stake = ?4")
    .bind(bet.id, ctx.uid, value, bet.open_stake)
    .run();
  if (!set.meta.changes) throw unavailable("it changed: look again");
  return { bet: (await withLegs(tables, ctx.db, [{ ...bet, auto_cashout: value }], reader))[0]! };
}

/**
 * Runs in the player's object at a feed step on `eventId` (decision 0110): each open bet of theirs on
 * it whose threshold the value now reaches is cashed out in full, as a cash-out the player took would
 * be (takeCashOut: gated, so never beside settlement or another check); a bet that cannot be priced
 * now (a market suspended) waits for a later step. The site's rows for bets no longer waiting go.
 * Answers how many it cashed out.
 */
export async function autoCashOutPlayer(call: CashOutCall, eventId: number, now = Date.now()): Promise<number> {
  const { results: bets } = await call
    .player()
    .prepare(
      `SELECT * FROM sport_bets WHERE uid = ?1 AND status = 'open' AND auto_cashout IS NOT NULL
         AND id IN (SELECT bet_id FROM sport_bet_legs WHERE event_id = ?2)`,
    )
    .bind(call.uid, eventId)
    .all<BetRow>();
  let taken = 0;
  const waiting: string[] = [];
  for (const bet of bets) {
    const priced = await priceNow(call, bet).catch((e: unknown) => {
      if (e instanceof PlatformError && e.status < 500) return null;
      throw e;
    });
    if (priced && priced.value >= bet.auto_cashout!) {
      if (await takeCashOut(call, bet, priced, { id: crypto.randomUUID(), paid: priced.value, full: true, auto: true }, now)) {
        taken++;
        continue;
      }
    }
    waiting.push(bet.id);
  }
  await call.env.DB.prepare("DELETE FROM sport_auto_cashouts WHERE event_id = ?1 AND uid = ?2 AND bet_id NOT IN (SELECT value FROM json_each(?3))")
    .bind(eventId, call.uid, JSON.stringify(waiting))
    .run();
  return taken;
}

/**
 * The feed's side (decision 0110): after a step on `eventId`, each player the site lists with a
 * threshold on it checks their bets in their own object, AUTO_AT_ONCE at a time; one player's
 * failure leaves their bets to the next step.
 */
export async function autoCashOuts(env: Env, eventId: number, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare("SELECT DISTINCT uid FROM sport_auto_cashouts WHERE event_id = ?1").bind(eventId).all<{ uid: number }>();
  let taken = 0;
  await inParallel(results, AUTO_AT_ONCE, async ({ uid }) => {
    try {
      const n = await inPlayerObject(env, uid, (player) => player.autoCashOut(uid, eventId, now));
      taken += n;
    } catch (e) {
      console.error(`sportsbook: player ${uid}'s auto cash-out on event ${eventId} failed`, e instanceof Error ? e.message : e);
    }
  });
  return taken;
}

/** How many players' auto cash-outs one step checks at once (as settlement's fan-out: settle.ts). */
const AUTO_AT_ONCE = 16;
