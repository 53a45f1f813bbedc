import { z } from "zod";
import { PrizeKind } from "./rewards";
import { count, fieldList, idOf, method, offset, refusal } from "./define";
import { Money } from "./entities";

/**
 * Tournaments and their leaderboards on the /api contract (SPEC §3 Tournament, §4 participate,
 * §7 tournaments.*, leaderboard.*, §8, §9 games page size 12; issue 22, decision 0048). A
 * tournament scores its participants' real-money rounds on its games; the points are a ledger in
 * D1 written in the round's batch (the record), and one Durable Object per tournament holds the
 * live board fed after commit. Spread into `contract`.
 */

import { TOURNAMENT_STATUSES } from "./tournament-constants";

export { TOURNAMENT_GAMES_PAGE, TOURNAMENT_STATUSES } from "./tournament-constants";
export const TOURNAMENT_SCORING = ["multiplier", "wins", "bets", "rounds"] as const;
export const LEADERBOARD_PAGE = 50;
export const LEADERBOARD_TOP = 10;

/** The errors of tournaments.participate, as `params.code` of its 4xx answer. */
export const PARTICIPATE_ERRORS = ["unknown_tournament", "finished", "restricted_currency", "restricted_country", "automatic"] as const;
export type ParticipateError = (typeof PARTICIPATE_ERRORS)[number];

export const TOURNAMENT_FIELDS = ["description", "prizes", "winners", "user_info", "games"] as const;
export type TournamentField = (typeof TOURNAMENT_FIELDS)[number];

/** A prize of places place_from..place_to (inclusive): money, a bonus template's bonus, or a free-spin pack. */
export const TournamentPrize = z.strictObject({
  place_from: z.number().int(),
  place_to: z.number().int(),
  type: PrizeKind,
  /** Money, or the bonus amount, in the reader's currency (else the site's default); null for free spins. */
  amount: Money.nullable(),
  /** Free spins in the pack; null otherwise. */
  units: z.number().int().nullable(),
  title: z.string(),
});
export type TournamentPrize = z.infer<typeof TournamentPrize>;

export const TournamentWinner = z.strictObject({
  rank: z.number().int(),
  /** Nickname, or the masked login (as the winners ticker). */
  player: z.string(),
  points: z.number().int(),
  prize: TournamentPrize.nullable(),
});
export type TournamentWinner = z.infer<typeof TournamentWinner>;

/** SPEC §3 user_info: the reader's place (null rank: not participating, or no points yet). */
export const TournamentUserInfo = z.strictObject({
  participating: z.boolean(),
  rank: z.number().int().nullable(),
  points: z.number().int(),
  /** Points still needed to reach the last prized place (0 when inside it; null when nobody is prized yet or finished). */
  points_to_prize: z.number().int().nullable(),
});
export type TournamentUserInfo = z.infer<typeof TournamentUserInfo>;

export const TournamentRestrictions = z.strictObject({
  /** Empty: any currency. */
  currencies: z.array(z.string()),
  /** Empty: any country. */
  countries: z.array(z.string()),
  /** The least bet that scores, in the reader's currency; null: any. */
  min_bet: Money.nullable(),
  /** true: players join with tournaments.participate; false: every eligible player's rounds score. */
  opt_in: z.boolean(),
});

/** SPEC §3 Tournament, with what a page needs to show it. Fields not asked for (`fields`) are null. */
export const Tournament = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  status: z.enum(TOURNAMENT_STATUSES),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  scoring: z.strictObject({
    mode: z.enum(TOURNAMENT_SCORING),
    /** multiplier mode: a round's points are ⌊win × 100 ÷ bet⌋ (hundredths of a multiplier), at most this; null elsewhere. */
    cap: z.number().int().nullable(),
  }),
  games_count: z.number().int(),
  total_prize: Money,
  restrictions: TournamentRestrictions,
  total_participants: z.number().int(),
  total_points: z.number().int(),
  reset_on_cashout: z.boolean(),
  provider: z.string().nullable(),
  tags: z.array(z.string()),
  extra: z.record(z.string(), z.unknown()),
  description: z.string().nullable(),
  prizes: z.array(TournamentPrize).nullable(),
  winners: z.array(TournamentWinner).nullable(),
  user_info: TournamentUserInfo.nullable(),
  /** A race of sports bets too (decision 0111): the participants' settled real-money sports bets score by the same mode. */
  sportsbook: z.boolean(),
  /** A race that runs again when it ends (decision 0116): the length of each window in hours (24: a daily race, reset at the same hour every day); null for a one-off. */
  repeat_hours: z.number().int().nullable(),
  /** The sysnames of the tournament's games (the gamehall asks games.get for them, 12 a page). */
  games: z.array(z.string()).nullable(),
});
export type Tournament = z.infer<typeof Tournament>;

export const LeaderboardRow = z.strictObject({
  rank: z.number().int(),
  player: z.string(),
  points: z.number().int(),
  /** When the player reached these points: the earlier ranks first among equal points. */
  reached_at: z.number().int(),
  is_me: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const Leaderboard = z.strictObject({
  tournament_id: z.number().int(),
  items: z.array(LeaderboardRow),
  total: z.number().int(),
  /** The reader's own row (pinned by the page), null when they have none. */
  me: LeaderboardRow.nullable(),
  points_to_prize: z.number().int().nullable(),
  /** Increases with every change the board has taken. */
  version: z.number().int(),
});
export type Leaderboard = z.infer<typeof Leaderboard>;

/** A receipt of one of the reader's scoring rounds. */
export const TournamentReceipt = z.strictObject({
  /** A game round, or a settled sports bet in a race of sports bets (decision 0111). */
  kind: z.enum(["round", "bet"]),
  /** The round's id, or the bet's. */
  round_id: z.string(),
  /** The round's game (sysname); a bet's: "sportsbook". */
  game: z.string(),
  bet: Money,
  win: Money,
  points: z.number().int(),
  created_at: z.number().int(),
});

export { LEADERBOARD_EVENT, LEADERBOARD_ME_EVENT } from "./reward-events";

const tournamentId = z.object({ tournament_id: idOf("tournament_id") });

export const tournamentMethods = {
  "tournaments.get": method({
    group: "tournaments",
    name: "get",
    verb: "GET",
    access: "public",
    summary:
      "Tournaments by status (active, future, finished; default active), or by `ids` (comma-separated); `fields` adds " +
      "description, prizes, winners, user_info, games (default: all of them). count is the total.",
    params: z.object({
      status: z.enum(TOURNAMENT_STATUSES, { error: "status is active, future or finished" }).optional(),
      ids: z
        .string()
        .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, "ids is a comma-separated list of up to 50 tournament ids")
        .transform((s) => s.split(",").map(Number))
        .optional(),
      fields: fieldList(TOURNAMENT_FIELDS, TOURNAMENT_FIELDS),
      offset,
      count: count(100, 20),
    }),
    result: z.strictObject({ items: z.array(Tournament), count: z.number().int() }),
  }),
  "tournaments.participate": method({
    group: "tournaments",
    name: "participate",
    verb: "POST",
    access: "player",
    refuses: [refusal.unknown, refusal.conflict, [403, "InvalidParameter", "the tournament is not open to the player's currency or country (params.code)"]],
    summary:
      "Join a tournament (active or future); answers 1, also when already joined. 404 unknown_tournament; 409 finished, " +
      "automatic (nothing to join); 403 restricted_currency, restricted_country (params.code).",
    params: tournamentId,
    result: z.literal(1),
  }),
  "tournaments.receipts": method({
    group: "tournaments",
    name: "receipts",
    verb: "GET",
    access: "player",
    refuses: [refusal.unknown],
    summary:
      "The reader's scoring rounds in a tournament, and in a race of sports bets their settled bets (decision 0111), newest first: " +
      "bet (a bet's stake), win (what it paid) and the points each earned.",
    params: z.object({ tournament_id: idOf("tournament_id"), offset, count: count(100, 20) }),
    result: z.strictObject({ items: z.array(TournamentReceipt), count: z.number().int() }),
  }),
  "leaderboard.get": method({
    group: "leaderboard",
    name: "get",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: `A tournament's leaderboard from the record (D1), ${LEADERBOARD_PAGE} a page, ties broken by who got there first; the reader's own row.`,
    params: z.object({ tournament_id: idOf("tournament_id"), offset, count: count(200, LEADERBOARD_PAGE) }),
    result: Leaderboard,
  }),
  "leaderboard.live": method({
    group: "leaderboard",
    name: "live",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary:
      "The live board from the tournament's Durable Object (its first page and the reader's row) and where to subscribe: " +
      "`/realtime/tournaments/{id}` pushes leaderboard.updated (at most once a second) and leaderboard.me.",
    params: z.object({ tournament_id: idOf("tournament_id"), count: count(200, LEADERBOARD_PAGE) }),
    result: Leaderboard.extend({ socket: z.string() }),
  }),
  "leaderboard.top": method({
    group: "leaderboard",
    name: "top",
    verb: "GET",
    access: "public",
    refuses: [refusal.unknown],
    summary: `The first ${LEADERBOARD_TOP} (or count) of a tournament's live board.`,
    params: z.object({ tournament_id: idOf("tournament_id"), count: count(50, LEADERBOARD_TOP) }),
    result: z.strictObject({ tournament_id: z.number().int(), items: z.array(LeaderboardRow), version: z.number().int() }),
  }),
};
