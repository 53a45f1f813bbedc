import { z } from "zod";
import { count, idOf, method, offset, refusal, rewardKey } from "./define";
import { Money } from "./entities";
import { BET_MAX_LEGS } from "./sportsbook-limits";

/**
 * The sportsbook of the /api contract (issue 23, decision 0049): the demo provider's sports,
 * leagues, events, markets and odds (moved by a seeded, replayable feed), bets placed against the
 * main balance or a betting bonus, settled when results arrive. Odds are decimal odds in
 * hundredths (1.85 → 185) so every return is exact integer arithmetic. Spread into `contract`.
 */

export { BET_ERRORS, BET_MAX_LEGS, BET_MAX_STAKE, BET_MIN_STAKE, type BetError } from "./sportsbook-limits";
export const SPORTS_EVENTS_PAGE = 50;
export const SPORTS_BETS_PAGE = 20;

export const OddsChange = z.enum(["any", "higher", "ask"], { error: "odds_change is 'any', 'higher' or 'ask'" });
export type OddsChange = z.infer<typeof OddsChange>;

export const MarketKind = z.enum(["match_result", "total", "handicap"]);
export type MarketKind = z.infer<typeof MarketKind>;
export const Outcome = z.enum(["home", "draw", "away", "over", "under"]);
export type Outcome = z.infer<typeof Outcome>;
export const LegResult = z.enum(["win", "lose", "void"]);
export type LegResult = z.infer<typeof LegResult>;

/** Decimal odds in hundredths: 185 is 1.85. Always above 100. */
const odds = z.number().int();

export const SportSelection = z.strictObject({
  id: z.number().int(),
  outcome: Outcome,
  /** "Arsenal", "Draw", "Over 2.5", "Arsenal −1.5": in the player's locale. */
  label: z.string(),
  odds,
  /** Set when the market is settled. */
  result: LegResult.nullable(),
});
export type SportSelection = z.infer<typeof SportSelection>;

export const SportMarket = z.strictObject({
  id: z.number().int(),
  kind: MarketKind,
  /** The total or handicap line in hundredths (250 is 2.5, −150 is −1.5 for home); null for match result. */
  line: z.number().int().nullable(),
  /** open: takes bets; suspended: for now not; settled / void: done. */
  status: z.enum(["open", "suspended", "settled", "void"]),
  title: z.string(),
  selections: z.array(SportSelection),
});
export type SportMarket = z.infer<typeof SportMarket>;

export const SportEvent = z.strictObject({
  id: z.number().int(),
  sport: z.string(),
  league_id: z.number().int(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  starts_at: z.number().int(),
  /** prematch → live → finished; cancelled (every market void). */
  status: z.enum(["prematch", "live", "finished", "cancelled"]),
  score: z.strictObject({ home: z.number().int(), away: z.number().int() }).nullable(),
  /** The match minute while live, else null. */
  minute: z.number().int().nullable(),
  /** Bumped by every feed step that touched the event (odds, status, score). */
  version: z.number().int(),
  /** Lists carry the event's open main markets; getEvent carries all of them. */
  markets: z.array(SportMarket),
});
export type SportEvent = z.infer<typeof SportEvent>;

/** A moment of the match tracker (decision 0109): the kick-off, a goal (its side), another change of the score, the end. */
export const TimelineItem = z.strictObject({
  kind: z.enum(["kickoff", "goal", "score", "finished", "cancelled"]),
  side: z.enum(["home", "away"]).nullable(),
  minute: z.number().int().nullable(),
  /** The score after it. */
  score: z.strictObject({ home: z.number().int(), away: z.number().int() }).nullable(),
  at: z.number().int(),
});
export type TimelineItem = z.infer<typeof TimelineItem>;

/** One event with all its markets and its match tracker's timeline, newest moment first (at most TIMELINE_ITEMS). */
export const SportEventDetail = SportEvent.extend({ timeline: z.array(TimelineItem) });
export type SportEventDetail = z.infer<typeof SportEventDetail>;
export const TIMELINE_ITEMS = 20;

export const SportLeague = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  country: z.string().nullable(),
  events_count: z.number().int(),
});
export const Sport = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  events_count: z.number().int(),
  leagues: z.array(SportLeague),
});
export type Sport = z.infer<typeof Sport>;

/** A selection with where it belongs: what a bet slip shows and re-checks. */
export const SlipSelection = z.strictObject({
  id: z.number().int(),
  event_id: z.number().int(),
  event: z.string(),
  event_status: SportEvent.shape.status,
  market_id: z.number().int(),
  market: z.string(),
  market_status: SportMarket.shape.status,
  label: z.string(),
  odds,
  /** The selection as a bet builder's leg (result:home, total:over:250…); null for a whole-number line, which a builder cannot take. */
  builder_leg: z.string().nullable(),
  /** The event's sport's sysname (football, basketball…). */
  sport: z.string(),
  /** The event's score and minute while it is live (the match tracker in the slip, decision 0109). */
  score: z.strictObject({ home: z.number().int(), away: z.number().int() }).nullable(),
  minute: z.number().int().nullable(),
  /** The lead that pays this pick as a winner early (decision 0107: 2 goals in football…); null when it has none. */
  early_payout: z.number().int().nullable(),
});
export type SlipSelection = z.infer<typeof SlipSelection>;

export const BetLeg = z.strictObject({
  /** The board's selection the leg took; null for a bet builder's leg, which names its own terms (`leg`). */
  selection_id: z.number().int().nullable(),
  /** A bet builder's leg as text (result:home, btts:yes…: BuilderLeg); null for a selection. */
  leg: z.string().nullable(),
  event_id: z.number().int(),
  event: z.string(),
  market: z.string(),
  label: z.string(),
  /** The odds the bet took (a bet builder's leg: its own fair price, shown for reference; the bet took the builder's price). */
  odds,
  result: LegResult.nullable(),
  /** Won by early payout (decision 0107): its side led by the sport's margin, so it counts as a winner whatever the result. */
  early: z.boolean(),
});

/** A system bet's lines (decision 0106): every combination of `from` to `to` of its legs, at stake / lines each. */
export const SystemLines = z.strictObject({
  from: z.number().int(),
  to: z.number().int(),
  /** How many lines: e.g. 4 for a Trixie (3 doubles and a treble). */
  lines: z.number().int(),
  /** The lines none of whose legs lost (all of them while no leg has). */
  alive: z.number().int(),
  /** The stake on each line. */
  line_stake: Money,
});

export const SportBet = z.strictObject({
  id: z.string(),
  kind: z.enum(["single", "accumulator", "builder", "system"]),
  /** A system bet's lines; null for the other kinds. */
  system: SystemLines.nullable(),
  /** cashed_out: the player took the cash-out offer for all that still rode (payout: every cash-out's amount). */
  status: z.enum(["open", "won", "lost", "void", "cashed_out"]),
  stake: Money,
  /** The combined odds (product of the legs', voided legs counted as 1.00; a builder: the price it took), in hundredths, rounded down. */
  odds,
  /**
   * What the bet pays if every leg wins at the taken odds, on the stake still riding (a free bet without stake return: less the stake);
   * a system bet: what its lines pay if every leg not yet decided wins.
   */
  potential_return: Money,
  /** What settlement paid (0 for a lost bet, the stake back for a void one; a cashed-out bet: its cash-outs); null while open. */
  payout: Money.nullable(),
  /** The part of the stake still riding: the stake less what partial cash-outs took off. */
  open_stake: Money,
  /** What cash-outs of this bet paid so far. */
  cashed_out: Money,
  /**
   * The auto cash-out threshold (decision 0110): the open bet is cashed out by itself once its value reaches it; on a
   * cashed-out bet, the threshold that cashed it out (the player's own cash-out clears it); null: none.
   */
  auto_cashout: Money.nullable(),
  funding: z.enum(["main", "betting_bonus"]),
  /** For a free bet (funding betting_bonus): whether a win pays the stake back too. */
  stake_returned: z.boolean(),
  placed_at: z.number().int(),
  settled_at: z.number().int().nullable(),
  legs: z.array(BetLeg),
});
export type SportBet = z.infer<typeof SportBet>;

const selectionIds = z
  .string({ error: (i) => (i.input === undefined ? "selections is required" : "selections must be text") })
  .regex(/^\d{1,10}(,\d{1,10})*$/, "selections is a comma-separated list of selection ids")
  .transform((s) => s.split(",").map(Number))
  .refine((ids) => ids.length <= BET_MAX_LEGS, `at most ${BET_MAX_LEGS} selections`)
  .refine((ids) => new Set(ids).size === ids.length, "a selection is listed twice");

/** A system bet's combination size: 1 to 8 selections a line. */
const systemSize = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} is a whole number`)
    .min(1, `${name} is 1 to 8`)
    .max(8, `${name} is 1 to 8`);

const oddsList = z
  .string({ error: (i) => (i.input === undefined ? "odds is required" : "odds must be text") })
  .regex(/^\d{3,7}(,\d{3,7})*$/, "odds is a comma-separated list of odds in hundredths (185 for 1.85)")
  .transform((s) => s.split(",").map(Number));

/**
 * One leg of a bet builder (issue 42, decision 0102), as text: `result:home|draw|away`,
 * `total:over|under:<line>`, `handicap:home|away:<home's line>` (lines in hundredths, half lines:
 * 250 is 2.5, -150 is −1.5), `btts:yes|no`, `score:<home>-<away>`.
 */
export type BuilderLeg =
  | { kind: "match_result"; outcome: "home" | "draw" | "away" }
  | { kind: "total"; line: number; outcome: "over" | "under" }
  | { kind: "handicap"; line: number; outcome: "home" | "away" }
  | { kind: "btts"; outcome: "yes" | "no" }
  | { kind: "correct_score"; home: number; away: number };

const LEG_TEXT = /^(?:result:(?:home|draw|away)|total:(?:over|under):\d{1,5}|handicap:(?:home|away):-?\d{1,5}|btts:(?:yes|no)|score:\d{1,3}-\d{1,3})$/;

/** A leg from its text (LEG_TEXT), or null. */
export function parseBuilderLeg(text: string): BuilderLeg | null {
  if (!LEG_TEXT.test(text)) return null;
  const [kind, a, b] = text.split(":");
  if (kind === "result") return { kind: "match_result", outcome: a as "home" | "draw" | "away" };
  if (kind === "total") return { kind: "total", outcome: a as "over" | "under", line: Number(b) };
  if (kind === "handicap") return { kind: "handicap", outcome: a as "home" | "away", line: Number(b) };
  if (kind === "btts") return { kind: "btts", outcome: a as "yes" | "no" };
  const [home, away] = a!.split("-").map(Number);
  return { kind: "correct_score", home: home!, away: away! };
}

/** A leg as text (the inverse of parseBuilderLeg). */
export function builderLegText(leg: BuilderLeg): string {
  switch (leg.kind) {
    case "match_result":
      return `result:${leg.outcome}`;
    case "total":
    case "handicap":
      return `${leg.kind}:${leg.outcome}:${leg.line}`;
    case "btts":
      return `btts:${leg.outcome}`;
    case "correct_score":
      return `score:${leg.home}-${leg.away}`;
  }
}

export const BUILDER_REFUSALS = ["leg_count", "duplicate_leg", "line_can_push", "no_draw", "contradictory", "leg_adds_nothing", "event_closed"] as const;
export type BuilderRefusal = (typeof BUILDER_REFUSALS)[number];

const builderLegs = z
  .string({ error: (i) => (i.input === undefined ? "legs is required" : "legs must be text") })
  .max(400, "legs is at most 400 characters")
  .transform((s, ctx) => {
    const legs = s.split(",").map(parseBuilderLeg);
    if (legs.some((l) => l === null)) {
      ctx.addIssue({
        code: "custom",
        message: "legs is a comma-separated list of result:home, total:over:250, handicap:away:150, btts:yes or score:2-1",
      });
      return z.NEVER;
    }
    return legs as BuilderLeg[];
  });

export const BuilderQuote = z.strictObject({
  event_id: z.number().int(),
  /** Each leg (as text) with its own chance from the model. */
  legs: z.array(z.strictObject({ leg: z.string(), chance: z.number() })),
  /** The chance that every leg wins, from the feed's model (decision 0102). */
  chance: z.number(),
  /** What the bet is worth with no margin: 1 / chance, in hundredths. */
  fair_odds: odds,
  /** What the book offers: the fair price with the operator's builder margin. */
  odds,
  /** The legs' own fair prices multiplied: what a book that ignored their correlation would show. */
  independent_odds: odds,
  /** The operator's builder margin (1.1: implied chance × 1.1). */
  margin: z.number(),
});
export type BuilderQuote = z.infer<typeof BuilderQuote>;

/**
 * A cash-out offer (issue 42, decision 0105): what the bet's stake still riding is worth now, from the
 * current chances with the operator's cash-out margin, signed and good until `expires_at`.
 */
export const CashOutQuote = z.strictObject({
  bet_id: z.string(),
  quote_id: z.string(),
  /** The full cash-out: what the stake still riding is worth now. */
  value: Money,
  open_stake: Money,
  /** The least a partial cash-out pays, and the most (less than the full value). */
  partial_min: Money,
  partial_max: Money,
  expires_at: z.number().int(),
  /** What sportsbook.cashOut takes back: the offer, signed. */
  token: z.string(),
});
export type CashOutQuote = z.infer<typeof CashOutQuote>;

export const CASHOUT_REFUSALS = [
  "unknown_bet",
  "cashout_unavailable",
  "quote_invalid",
  "quote_expired",
  "cashout_changed",
  "partial_out_of_range",
  "auto_cashout_range",
] as const;

export const sportsbookMethods = {
  "sportsbook.getSports": method({
    group: "sportsbook",
    name: "getSports",
    verb: "GET",
    access: "public",
    summary: "The sports with their leagues and how many events (not finished) each has.",
    params: z.object({}),
    result: z.strictObject({ items: z.array(Sport) }),
  }),
  "sportsbook.getEvents": method({
    group: "sportsbook",
    name: "getEvents",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary:
      "Events not finished, live first then by start time, with their open main markets; filtered by sport sysname, " +
      "league id and status (live, prematch). 404 unknown_sport / unknown_league.",
    params: z.object({
      sport: z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, "sport is a sport's sysname")
        .optional(),
      league_id: idOf("league_id").optional(),
      status: z.enum(["live", "prematch", "all"], { error: "status is 'live', 'prematch' or 'all'" }).default("all"),
      offset,
      count: count(100, SPORTS_EVENTS_PAGE),
    }),
    result: z.strictObject({ items: z.array(SportEvent), count: z.number().int() }),
  }),
  "sportsbook.getEvent": method({
    group: "sportsbook",
    name: "getEvent",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: "One event (finished ones too) with all its markets; 404 unknown_event.",
    params: z.object({ event_id: idOf("event_id") }),
    result: SportEventDetail,
  }),
  "sportsbook.priceBuilder": method({
    group: "sportsbook",
    name: "priceBuilder",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary:
      "A bet builder's price: several legs of one open event priced together from the feed's own score model (decision 0102), " +
      "with the fair price beside the offered one. 404 unknown_event; 400 with params.code leg_count, duplicate_leg, line_can_push, " +
      "no_draw, contradictory, leg_adds_nothing or event_closed.",
    params: z.object({ event_id: idOf("event_id"), legs: builderLegs }),
    result: BuilderQuote,
  }),
  "sportsbook.getSelections": method({
    group: "sportsbook",
    name: "getSelections",
    verb: "GET",
    access: "public",
    summary: "The current odds and state of the selections on a bet slip (unknown ids are left out).",
    params: z.object({ ids: selectionIds }),
    result: z.strictObject({ items: z.array(SlipSelection) }),
  }),
  "sportsbook.placeBet": method({
    group: "sportsbook",
    name: "placeBet",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict],
    summary:
      "Place one bet, once per key: a single (one selection), an accumulator (2 or more, each from a different event) or a " +
      "bet builder (event_id and 2 to 8 legs of that event, priced together: sportsbook.priceBuilder), with the odds the player " +
      "saw (a builder: its one price), staked from the main balance or the active betting bonus (a free bet), or a system bet " +
      "(3 to 8 selections of different events, every combination of system_from to system_to of them a line; stake: the whole stake, " +
      "a whole number of minor units per line; the main balance only). Odds that moved " +
      "are taken or refused by the player's odds_change setting. 404 unknown_selection, unknown_event; 409 market_suspended, " +
      "market_closed, event_closed, odds_changed (params.odds: the current odds in the selections' order), insufficient_funds, " +
      "no_betting_bonus; 400 below_min_stake, above_max_stake, same_event, single_needs_one, accumulator_needs_two, " +
      "builder_needs_event, key_reused, a builder's leg refusals, system_selections, system_sizes, system_stake_split " +
      "(params.lines) and system_main_only (params.code).",
    params: z.object({
      kind: z.enum(["single", "accumulator", "builder", "system"], { error: "kind is 'single', 'accumulator', 'builder' or 'system'" }),
      selections: selectionIds.optional(),
      event_id: idOf("event_id").optional(),
      legs: builderLegs.optional(),
      /** A system bet's smallest and largest combination (a Trixie: 2 and 3). */
      system_from: systemSize("system_from").optional(),
      system_to: systemSize("system_to").optional(),
      odds: oddsList,
      stake: z.coerce
        .number({ error: "stake must be a number" })
        .int("stake must be a whole number of minor units")
        .positive("stake must be more than 0")
        .max(1e13, "stake is too large"),
      funding: z.enum(["main", "betting_bonus"], { error: "funding is 'main' or 'betting_bonus'" }).default("main"),
      key: rewardKey,
    }),
    result: z.strictObject({ bet: SportBet }),
  }),
  "sportsbook.getCashOut": method({
    group: "sportsbook",
    name: "getCashOut",
    verb: "GET",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict],
    summary:
      "A cash-out offer for one of the player's open bets (decision 0105): the stake still riding priced from the current chances " +
      "with the operator's cash-out margin, signed, good for a few seconds; a system bet's is the sum of its live lines' worth, " +
      "cashed out in full only (decision 0110). 404 unknown_bet; 409 cashout_unavailable (settled, " +
      "a free bet, a leg lost (of a system bet: every line dead), or a market of an open leg not open).",
    params: z.object({ bet_id: z.string().regex(/^[0-9a-f-]{36}$/, "bet_id is a bet's id") }),
    result: CashOutQuote,
  }),
  "sportsbook.cashOut": method({
    group: "sportsbook",
    name: "cashOut",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict],
    summary:
      "Takes a cash-out offer, once per quote: all of it, or `amount` of it (a partial cash-out takes the matching part of the stake " +
      "off and the rest rides). The credit and the bet's change are one step. A value that moved since the offer is taken or refused " +
      "by the player's odds_change setting (any; higher: only a better one; ask: only the same). 400 quote_invalid, " +
      "partial_out_of_range (params.min, params.max); 409 quote_expired, cashout_changed (params.value: the value now), " +
      "cashout_unavailable; 404 unknown_bet.",
    params: z.object({
      token: z.string().min(1, "token is required").max(600, "token is malformed"),
      amount: z.coerce.number({ error: "amount must be a number" }).int("amount is in minor units").positive("amount must be more than 0").optional(),
    }),
    result: z.strictObject({ bet: SportBet, paid: Money }),
  }),
  "sportsbook.setAutoCashOut": method({
    group: "sportsbook",
    name: "setAutoCashOut",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict],
    summary:
      "Sets or clears an open bet's auto cash-out (decision 0110): with `value`, the bet is cashed out in full by itself at the first " +
      "feed step that prices it at `value` or more (as sportsbook.cashOut would pay; the player hears sports.bet.settled); without it, " +
      "the threshold goes. A threshold is above the value now and at most what the bet could be worth before its end (the return less " +
      "the cash-out margin). A partial cash-out clears it. 400 auto_cashout_range (params.min, params.max); 409 cashout_unavailable; " +
      "404 unknown_bet.",
    params: z.object({
      bet_id: z.string().regex(/^[0-9a-f-]{36}$/, "bet_id is a bet's id"),
      value: z.coerce
        .number({ error: "value must be a number" })
        .int("value is in minor units")
        .positive("value must be more than 0")
        .max(1e13, "value is too large")
        .optional(),
    }),
    result: z.strictObject({ bet: SportBet }),
  }),
  "sportsbook.getBets": method({
    group: "sportsbook",
    name: "getBets",
    verb: "GET",
    access: "player",
    summary: "The player's sports bets, newest first: open, settled, or all.",
    params: z.object({
      status: z.enum(["open", "settled", "all"], { error: "status is 'open', 'settled' or 'all'" }).default("all"),
      offset,
      count: count(100, SPORTS_BETS_PAGE),
    }),
    result: z.strictObject({ items: z.array(SportBet), count: z.number().int() }),
  }),
  "sportsbook.getSettings": method({
    group: "sportsbook",
    name: "getSettings",
    verb: "GET",
    access: "player",
    summary: "The player's betting settings: what to do when odds move before a bet is placed (default 'higher').",
    params: z.object({}),
    result: z.strictObject({ odds_change: OddsChange }),
  }),
  "sportsbook.setSettings": method({
    group: "sportsbook",
    name: "setSettings",
    verb: "POST",
    access: "player",
    summary: "Set what to do when odds move: 'any' takes the new odds, 'higher' takes only better odds, 'ask' refuses any change.",
    params: z.object({ odds_change: OddsChange }),
    result: z.strictObject({ odds_change: OddsChange }),
  }),
};
