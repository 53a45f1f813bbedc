import { builderLegText } from "../../../core/api/contract-sportsbook";
import type { OddsChange } from "../../../core/api/contract-sportsbook";
import { builderPrice } from "./builder";
import { eventFacts } from "./feed-facts";
import { BUILDER_GATE, oddsAcceptable, type PlaceParams, type Ticket } from "./ticket";
import { sportsbookError } from "./view";

/**
 * A bet builder's ticket (issue 42, decision 0103): its legs priced together as
 * sportsbook.priceBuilder prices them, at the feed's current step. The player's odds are the one
 * price they saw, taken or refused by their odds_change setting. The gate holds the bet to that
 * step: if the feed moved on (a tick, a goal, a suspension) before the batch, it is not placed and
 * the call prices again.
 */
export async function builderTicket(db: D1Database, p: PlaceParams, setting: OddsChange): Promise<Ticket> {
  const { quote, step } = await builderPrice(db, p.event_id!, p.legs!);
  if (!oddsAcceptable(setting, p.odds, [quote.odds])) throw sportsbookError("odds_changed", "The odds have changed", 409, "odds", { odds: [quote.odds] });
  return {
    odds: quote.odds,
    current: [quote.odds],
    // Each leg keeps its own fair price for reference (at least 1.00): the bet takes the builder's.
    legs: p.legs!.map((leg, i) => ({ s: null, l: builderLegText(leg), e: p.event_id!, o: Math.max(100, Math.round(100 / quote.legs[i]!.chance)) })),
    gate: BUILDER_GATE,
    gateParam: JSON.stringify([p.event_id, step]),
    facts: await eventFacts(db, p.event_id!),
  };
}
