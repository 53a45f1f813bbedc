import type { BuilderLeg, OddsChange } from "../../../core/api/contract-sportsbook";
import type { Facts } from "../player/wire";

/** sportsbook.placeBet's parameters (place.ts). */
export interface PlaceParams {
  kind: "single" | "accumulator" | "builder" | "system";
  /** A single's, an accumulator's or a system's selections. */
  selections?: number[];
  /** A system's smallest and largest combination (core/system-bets.ts). */
  system_from?: number;
  system_to?: number;
  /** A builder's event and legs (builder-place.ts). */
  event_id?: number;
  legs?: BuilderLeg[];
  odds: number[];
  stake: number;
  funding: "main" | "betting_bonus";
  key: string;
}

/** Whether the odds the player saw may be replaced by the current ones, by their setting. */
export function oddsAcceptable(setting: OddsChange, seen: number[], current: number[]): boolean {
  if (setting === "any") return true;
  if (setting === "higher") return current.every((c, i) => c >= seen[i]!);
  return current.every((c, i) => c === seen[i]);
}

/**
 * What the bet takes, decided on a read of the feed: its odds, its legs, and the gate — the
 * condition on the feed's rows (as read into `facts`) under which the batch still places it.
 */
export interface Ticket {
  odds: number;
  /** The odds as the player names them: each selection's, or a builder's one price (told with odds_changed). */
  current: number[];
  legs: { s: number | null; l: string | null; e: number; o: number }[];
  /** SQL over the bound JSON parameter it is given (`gateParam`): true while the feed is as it was read. */
  gate: Gate;
  gateParam: string;
  facts: Facts[];
}

/** A gate's SQL over the JSON bound as `param` (e.g. "?13"). */
export type Gate = (param: string) => string;

/** The gate of legs on selections (`[{s, o}]`): every one still at the odds read, its market open, its event not over. */
export const SELECTIONS_GATE: Gate = (p) => `NOT EXISTS (
  SELECT 1 FROM json_each(${p}) j
  LEFT JOIN sport_selections s ON s.id = json_extract(j.value, '$.s')
  LEFT JOIN sport_markets m ON m.id = s.market_id
  LEFT JOIN sport_events e ON e.id = m.event_id
  WHERE s.odds IS NOT json_extract(j.value, '$.o') OR m.status IS NOT 'open' OR e.status NOT IN ('prematch', 'live'))`;

/** A builder's gate (`[event, step]`): the event still at the step it was priced at, open for bets, none of its markets suspended. */
export const BUILDER_GATE: Gate = (p) => `EXISTS (SELECT 1 FROM sport_events e WHERE e.id = json_extract(${p}, '$[0]') AND e.step = json_extract(${p}, '$[1]')
    AND e.status IN ('prematch', 'live'))
  AND NOT EXISTS (SELECT 1 FROM sport_markets m WHERE m.event_id = json_extract(${p}, '$[0]') AND m.status = 'suspended')`;
