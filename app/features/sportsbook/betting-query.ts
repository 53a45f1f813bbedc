import type { BetError } from "../../../core/api/contract-sportsbook";
import { BET_ERRORS } from "../../../core/api/sportsbook-limits";

/**
 * The filters of /betting (decision 0073-sportsbook-page): `?sport=<sysname>`, `?league=<id>`,
 * `?event=<id>`, and after placing `?placed=<bet ids>` (the receipt) with `?bet_error=<code>` when
 * only some singles were placed; `?slip=` opens a shared slip (decision 0108). A malformed value is null here and the fatal 404 in the loader,
 * as the lobby treats its filters; other keys are ignored.
 */
export type BettingQuery = {
  sport: string | null;
  league: number | null;
  event: number | null;
  placed: string[];
  betError: BetError | null;
  /** A shared slip (`?slip=`, decision 0108), as the slip's cookie writes it: read by parseSlip, never a 404. */
  share: string | null;
  /** After a shared slip was loaded: `1`, or `bad` when its link could not be read. */
  shared: "1" | "bad" | null;
};

const SPORT = /^[a-z0-9-]{1,40}$/;
const ID = /^[1-9][0-9]{0,8}$/;
const BET_IDS = /^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,9}$/;

export function parseBettingQuery(q: URLSearchParams): BettingQuery | null {
  const sport = q.get("sport");
  const league = q.get("league");
  const event = q.get("event");
  const placed = q.get("placed");
  const betError = q.get("bet_error");
  if (sport !== null && !SPORT.test(sport)) return null;
  if (league !== null && (!ID.test(league) || sport === null)) return null;
  if (event !== null && !ID.test(event)) return null;
  if (placed !== null && !BET_IDS.test(placed)) return null;
  return {
    sport,
    league: league === null ? null : Number(league),
    event: event === null ? null : Number(event),
    placed: placed === null ? [] : placed.split(","),
    betError: betError && (BET_ERRORS as readonly string[]).includes(betError) ? (betError as BetError) : null,
    share: q.get("slip"),
    shared: q.get("shared") === "1" ? "1" : q.get("shared") === "bad" ? "bad" : null,
  };
}
