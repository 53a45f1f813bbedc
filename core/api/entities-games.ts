import { z } from "zod";
import { Money } from "./entities";

/**
 * Entities of the game catalogue (issue 5, decision 0015). Bets are Money (integer minor units);
 * RTP is a percentage with two decimals (96.2 means 96.20 %).
 */

export const GAME_SORTS = ["popular", "new", "name", "rtp"] as const;
export const PROVIDER_TYPES = ["casino", "slot", "live", "fast"] as const;
export const VOLATILITIES = ["low", "medium", "high"] as const;

const sysname = z.string().regex(/^[a-z0-9_-]{1,64}$/, "sysnames hold a-z, 0-9, '_' and '-' only (at most 64)");

/** A list given as an array or as a comma string ("a,b"); empty parts dropped. */
const sysnameList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(sysname, { error: "providers must be a list of sysnames or a comma string" }).max(50, "at most 50 providers"),
);

/** What `games.get` reads from its `options` JSON. Unknown keys are refused. */
export const GameQuery = z.strictObject({
  category: sysname.optional(),
  providers: sysnameList.optional(),
  search: z.string({ error: "search must be text" }).max(100, "search must be at most 100 characters").optional(),
  ids: z.array(z.number().int().positive(), { error: "ids must be a list of game ids" }).max(100, "at most 100 ids").optional(),
  sysnames: z.array(sysname, { error: "sysnames must be a list of sysnames" }).max(100, "at most 100 sysnames").optional(),
  /** A tournament's games only (its gamehall, SPEC §9). */
  tournament: z
    .number({ error: "tournament must be a tournament id" })
    .int("tournament must be a tournament id")
    .positive("tournament must be a tournament id")
    .max(Number.MAX_SAFE_INTEGER, "tournament must be a tournament id")
    .optional(),
  sort: z.enum(GAME_SORTS, { error: "sort must be one of popular, new, name, rtp" }).optional(),
  offset: z
    .number({ error: "offset must be a number" })
    .int("offset must be an integer")
    .min(0, "offset must be 0 or more")
    .max(100000, "offset is too large")
    .default(0),
  count: z
    .number({ error: "count must be a number" })
    .int("count must be an integer")
    .min(1, "count must be at least 1")
    .max(100, "count must be at most 100")
    .default(24),
});
export type GameQuery = z.output<typeof GameQuery>;

export const Game = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  provider: z.string(),
  provider_name: z.string(),
  categories: z.array(z.string()),
  /** A path on the platform: `/platform/covers/{sysname}.svg`. */
  image: z.string(),
  rtp: z.number(),
  volatility: z.enum(VOLATILITIES),
  min_bet: Money,
  max_bet: Money,
  has_demo: z.boolean(),
  is_new: z.boolean(),
  is_sportsbook: z.boolean(),
  tags: z.array(z.string()),
});
export type Game = z.infer<typeof Game>;

export const GameCategory = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  name: z.string(),
  order: z.number().int(),
  games_count: z.number().int(),
});
export type GameCategory = z.infer<typeof GameCategory>;

export const GameProvider = z.strictObject({
  sysname: z.string(),
  name: z.string(),
  games_count: z.number().int(),
  types: z.array(z.enum(PROVIDER_TYPES)),
  logo: z.string().describe("The studio's wordmark, 300×100: a path on the platform, `/platform/covers/providers/{sysname}.svg`"),
  /** Only when asked for with fields=game_params. */
  game_params: z.record(z.string(), z.unknown()).optional(),
});
export type GameProvider = z.infer<typeof GameProvider>;

/** One settled round of a game (games.getHistory; decision 0016). win 0: a losing round. */
export const GameRound = z.strictObject({
  id: z.string(),
  game: z.string().describe("The game's sysname"),
  title: z.string(),
  mode: z.enum(["demo", "real"]).describe("demo: the fun balance; real: the main balance"),
  bet: Money,
  win: Money,
  symbols: z.array(z.array(z.string())).describe("The drawn grid, rows of symbol names; the middle row is the payline (empty for an original)"),
  created_at: z.number().int(),
  /** An original's draw (decision 0115): what the player chose, what was drawn, and from what; null for any other game. */
  original: z
    .strictObject({
      game: z.enum(["dice", "limbo", "plinko"]),
      result: z.number().int().describe("Hundredths: dice's roll, or limbo's result multiplier; plinko: the bin the ball landed in"),
      target: z.number().int().describe("Hundredths; plinko: the rows"),
      over: z.boolean().optional().describe("Dice: over (true) or under the target"),
      risk: z.enum(["low", "medium", "high"]).optional().describe("Plinko: the risk its payout table was chosen at"),
      won: z.boolean(),
      payout_bp: z.number().int().describe("What a win pays per unit bet, in 1/10,000"),
      server_seed_hash: z.string(),
      server_seed: z.string().nullable().describe("Revealed once the player rotated the seed; null before"),
      client_seed: z.string(),
      nonce: z.number().int(),
    })
    .nullable(),
});
export type GameRound = z.infer<typeof GameRound>;

export const EXPORT_STATUSES = ["pending", "ready", "failed"] as const;

/** A CSV export of the player's game history (games.createhistoryexportrequest); built in the background. */
export const GameHistoryExport = z.strictObject({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES).describe("pending: being built; ready: download_url answers the file; failed: ask again"),
  from: z.number().int().describe("Start of the period (Unix ms, inclusive)"),
  to: z.number().int().describe("End of the period (Unix ms, inclusive)"),
  rows: z.number().int().describe("Rounds in the file (0 until ready)"),
  truncated: z.boolean().describe("The period held more rounds than one file takes (50,000); the oldest are in it"),
  error: z.string().nullable(),
  created_at: z.number().int(),
  ready_at: z.number().int().nullable(),
  download_url: z.string().describe("A path on the platform: `/platform/exports/game-history/{id}.csv` (the owner's session, once ready)"),
});
export type GameHistoryExport = z.infer<typeof GameHistoryExport>;

/**
 * A recent real-money win (games.getRecentWins, the live wins feed; decision 0034): a paid round
 * that won, as the public may see it.
 */
export const RecentWin = z.strictObject({
  id: z.string().describe("The round's id"),
  /** The player's display name, masked ("pl***42"); never an email. */
  player: z.string(),
  amount: Money.describe("The round's win"),
  game: z.string().describe("The game's sysname"),
  game_title: z.string(),
  won_at: z.number().int(),
});
export type RecentWin = z.infer<typeof RecentWin>;
