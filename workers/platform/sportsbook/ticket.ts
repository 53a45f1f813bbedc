import type { BuilderLeg, OddsChange } from "../../../core/api/contract-sportsbook";
import type { Facts } from "../player/wire";

/** sportsbook.placeBet's parameters (place.ts). */
export interface PlaceParams {
  kind: "single" | "accumulator" | "builder";
  /** A single's or an accumulator's selections. */
  selections?: number[];
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
  /** SQL over the bound JSON `?13` (`gateParam`): true while the feed is as it was read. */
  gate: string;
  gateParam: string;
  facts: Facts[];
}
