import { SESSION_ABSOLUTE_MS } from "../auth/sessions";

/**
 * Where each D1 table of the platform lives once every player's money and rewards are in their own
 * Durable Object (decision 0075). Every table of `migrations/` is named here once
 * (scripts/player-schema.test.mjs checks it):
 *
 * - `PLAYER_TABLES`: one player's rows, owned by that player's object (`PlayerObject`). Every
 *   statement on them names one player (or a row that belongs to one), and a change to several of
 *   them is one transaction in the object.
 * - `REPLICATED_TABLES`: the site's configuration that a player's statements read in the same
 *   transaction (a bonus template's wagering, a loyalty level's threshold, a quest's target, a
 *   tournament's games, the round's game). They are written in D1 only; each object keeps a copy
 *   of the rows its player's statements need, refreshed when D1's copy changes, so the per-player
 *   SQL keeps its joins. Configuration is small (hundreds of rows); of the catalogue and the
 *   sportsbook's feed the object holds only the games and events its player touched.
 * - `SHARED_TABLES`: the rest of the site's, in D1 only: content, identities and sessions, the
 *   demo providers' own stores, and what many players add to (a tournament's board, a jackpot's
 *   pool, a promo code's uses). A player's statement never joins them: it reads them first, or its
 *   effect on them travels through the object's outbox.
 * - `MIRRORED_USER_COLUMNS`: the few columns of a player's `users` row that the player's own
 *   statements read (their currency, country, registration time, the loyalty character chosen at
 *   registration, their locale); the object keeps a copy, written
 *   by the Worker when the object is first used and whenever one of them changes.
 */

export const PLAYER_TABLES = [
  // the wallet (decision 0010)
  "balances",
  "wallet_operations",
  "ledger",
  // the cashier (a deposit's credit and its callbacks are one transaction with the balance)
  "cashier_transactions",
  "payment_callbacks",
  "promo_deposits",
  // responsible gaming
  "deposit_limits",
  "self_exclusions",
  "reality_checks",
  // games
  "game_likes",
  "game_rounds",
  "game_history_exports",
  "game_history_export_chunks",
  // bonuses, cashback, free spins, offers
  "player_bonuses",
  "bonus_events",
  "bonus_wagering",
  "player_cashbacks",
  "cashback_events",
  "freespin_packs",
  "freespin_rounds",
  "player_offers",
  // loyalty, quests, the wheel
  "loyalty_accounts",
  "loyalty_ledger",
  "loyalty_purchases",
  "loyalty_notices",
  "quest_progress",
  "wheel_seeds",
  "wheel_spin_balances",
  "wheel_spin_ledger",
  "wheel_spins",
  "wheel_purchases",
  // the originals' draws, on the wheel's seeds (decision 0115)
  "original_rounds",
  // tournaments: the player's own points and the opt-in tournaments they joined; the board (entries, winners) is shared
  "tournament_points",
  "tournament_joins",
  // the sportsbook
  "sport_bets",
  "sport_bet_legs",
  "sport_bet_cashouts",
  "sport_settings",
  // VPN subscriptions
  "vpn_subscriptions",
  "vpn_periods",
  // the browsers that take the player's web pushes, and their topics (decision 0114)
  "push_subscriptions",
] as const;

export const REPLICATED_TABLES = [
  "locales",
  "currency_rates",
  "cashier_methods",
  "games",
  "bonus_templates",
  "bonus_template_amounts",
  "cashback_programmes",
  "cashback_programme_terms",
  "cashback_programme_tiers",
  "freespin_templates",
  "freespin_template_bets",
  "campaign_offers",
  "loyalty_programs",
  "loyalty_levels",
  "loyalty_characters",
  "loyalty_products",
  "quests",
  "wheel_campaigns",
  "wheel_sectors",
  "tournaments",
  "tournament_games",
  "tournament_prizes",
  // first-to-hit challenges (decision 0117): a round tells in its own batch that it hit one
  "challenges",
  "sports",
  "sport_leagues",
  "sport_events",
  "sport_markets",
  "sport_selections",
  "vpn_plans",
  // which games feed which jackpot pools (a round on a game without pools asks D1 nothing)
  "jackpot_games",
] as const;

export const SHARED_TABLES = [
  // site, content, i18n
  "messages",
  "message_bundles",
  "settings",
  "cms_configs",
  "redirects",
  "content_pages",
  "banners",
  "popups",
  "storage",
  "unsubscribes",
  "replica_state",
  "replica_tables",
  "player_inbox",
  "outbox",
  "stock_reservations",
  // identities and sessions
  "users",
  "contacts",
  "sessions",
  "session_limits",
  "login_attempts",
  "used_totp",
  "password_resets",
  "registration_promo",
  "pending_contacts",
  "contact_codes",
  "social_identities",
  "two_factor_backup_codes",
  // the demo providers' own stores (decision 0060)
  "demo_oauth_identities",
  "demo_oauth_codes",
  "demo_oauth_tokens",
  "demo_payments",
  "demo_exclusion_register",
  "demo_verification_applicants",
  "demo_verification_documents",
  "demo_verification_document_chunks",
  "demo_verification_tokens",
  "demo_verification_outbox",
  "verification_webhook_events",
  "cashier_banks",
  // a deposit's player, for the payment system's callback that names only the transaction
  "cashier_transaction_owners",
  // the catalogue
  "game_providers",
  "game_categories",
  "game_category_texts",
  "game_texts",
  "game_category_games",
  "game_catalogue_state",
  "game_ranks",
  "game_cards",
  "game_rank_blocks",
  "game_search",
  "game_search_data",
  "game_search_idx",
  "game_search_content",
  "game_search_docsize",
  "game_search_config",
  // the jackpots: their pools and what every player's rounds add to them
  "jackpots",
  "jackpot_winners",
  "jackpot_winner_counts",
  // campaigns' runs and uses across players
  "cashback_runs",
  "offer_announcements",
  "promo_codes",
  "promo_redemptions",
  "player_events",
  // the wins feed's list and the wheel's winners, delivered from the players' outboxes
  "recent_wins",
  "wheel_winners",
  // an event's bettors, for its settlement's fan-out to their objects
  "sport_event_bettors",
  // the match-result picks paid early, by the feed's score steps (decision 0107)
  "sport_early_payouts",
  // the match tracker's timeline, written by the feed's steps (decision 0109)
  "sport_event_timeline",
  // the bets with an auto cash-out threshold, by event, for the feed's steps to check (decision 0110)
  "sport_auto_cashouts",
  "sport_league_events",
  "sport_event_main",
  // every withdrawal's approval, for the cashier's published approval times (decision 0112)
  "withdrawal_approvals",
  // the places taken in first-to-hit challenges (decision 0117)
  "challenge_claims",
  // when each player's clocks are next due, as their object last said (player/clocks.ts)
  "player_clocks",
  // tournament boards
  "tournament_entries",
  "tournament_totals",
  "tournament_winners",
  // a tournament's games in popularity order (its gamehall's pages)
  "tournament_game_order",
  // the demo push relay's subscriptions and the pushes it took (decision 0114)
  "demo_push_subscriptions",
  "demo_push_messages",
  // support, chat, analytics
  "support_feedback",
  "chat_conversations",
  "chat_messages",
  "chat_events",
  "analytics_events",
] as const;

export type PlayerTable = (typeof PLAYER_TABLES)[number];
export type ReplicatedTable = (typeof REPLICATED_TABLES)[number];
export type SharedTable = (typeof SHARED_TABLES)[number];

/**
 * The player tables in the players' objects: since the flip (decision 0075, slice 5), all of them.
 * A statement on them goes to the player's object (`routedD1`); D1 no longer has them (migrations
 * 0050, 0064), and the Worker tests refuse any statement that would reach them there (split-check.ts).
 */
export const MOVED_TABLES: readonly PlayerTable[] = PLAYER_TABLES;

/**
 * Tables only the objects have (no D1 counterpart, so not in `migrations/`): the outbox of what
 * a player's transaction must still do elsewhere (outbox.ts), the clocks' marks (clocks.ts), the
 * counts of the player's history (`player_counts`), the play of all time (`play_totals`) and
 * where each session started in it (`session_marks`), the limits a player sets beside the SPEC's
 * deposit limit (`play_limits`, issue 40), below. Routed like the moved tables.
 */
export const OBJECT_ONLY_TABLES = [
  "player_outbox",
  "player_clock_marks",
  "player_counts",
  "play_totals",
  "session_marks",
  "play_limits",
  "limit_prompts",
  "limit_reviews",
  "self_assessments",
] as const;

/**
 * What a history page shows as its total, kept as the rows come and go (issue 39): counting them
 * on every render grew with the player's history (after 5,000 rounds, /profile/bets/history and
 * /profile/loyalty spent 5–7 ms more CPU, each COUNT visiting every row). Triggers keep each count
 * in the transaction of the change, whatever code makes it. `scope`: the tournament, where a count
 * is per tournament (0 otherwise).
 */
export const PLAYER_COUNTS = {
  /** Settled real-money and demo rounds (game_rounds with an operation): the bets history's total. */
  rounds: "rounds",
  /** Loyalty ledger lines that changed points or experience: the points history's total. */
  loyaltyChanges: "loyalty_changes",
  /** A tournament's points from rounds and sports bets (decision 0111): the player's receipts in it. */
  tournamentRounds: "tournament_rounds",
} as const;

/** The kept count `name` of player ?1 (in `scope`, ?2 where given), 0 when none was kept yet. */
export const playerCountSql = (name: string, scope = "0"): string =>
  `SELECT COALESCE((SELECT n FROM player_counts WHERE uid = ?1 AND name = '${name}' AND scope = ${scope}), 0) AS n`;

/** A trigger's change of count `name` of player `uid` in `scope` by `by` (+1 or -1). */
const bump = (uid: string, name: string, scope: string, by: string) =>
  `INSERT INTO player_counts (uid, name, scope, n) VALUES (${uid}, '${name}', ${scope}, MAX(${by}, 0)) ON CONFLICT (uid, name, scope) DO UPDATE SET n = n + (${by})`;

/** Triggers that keep count `name` of the rows of `table` for which `counted` holds (an expression of NEW./OLD. via `row`). */
function countTriggers(table: string, name: string, counted: (row: "NEW" | "OLD") => string, scope: (row: "NEW" | "OLD") => string, columns: string): string[] {
  const t = `player_counts_${name}`;
  return [
    `CREATE TRIGGER ${t}_insert AFTER INSERT ON ${table} WHEN ${counted("NEW")} BEGIN ${bump("NEW.uid", name, scope("NEW"), "1")}; END`,
    `CREATE TRIGGER ${t}_update AFTER UPDATE OF ${columns} ON ${table} BEGIN ${bump("OLD.uid", name, scope("OLD"), `-(${counted("OLD")})`)}; ${bump("NEW.uid", name, scope("NEW"), `(${counted("NEW")})`)}; END`,
    `CREATE TRIGGER ${t}_delete AFTER DELETE ON ${table} WHEN ${counted("OLD")} BEGIN ${bump("OLD.uid", name, scope("OLD"), "-1")}; END`,
  ];
}

const COUNTED_ROUND = (r: "NEW" | "OLD") => `${r}.operation_id IS NOT NULL`;
const COUNTED_LOYALTY = (r: "NEW" | "OLD") => `(${r}.delta <> 0 OR ${r}.exp_delta <> 0)`;
const COUNTED_TOURNAMENT = (r: "NEW" | "OLD") => `${r}.reason IN ('round', 'bet')`;
const NO_SCOPE = () => "0";

/** A ledger row's stake (bets, less refunds) and win, as the reality check counts them. */
const STAKE = (r: string) => `CASE WHEN ${r}type = 'win' THEN 0 ELSE -${r}delta END`;
const WIN = (r: string) => `CASE WHEN ${r}type = 'win' THEN ${r}delta ELSE 0 END`;
const PLAY_TYPES = "('bet', 'win', 'refund')";

/**
 * The player's stakes and wins of all time by balance (`play_totals`), kept as the ledger grows (it
 * only grows: ledger_no_update, ledger_no_delete): the reality check's "played since you signed in"
 * (responsible/session-stats.ts) is these less where they stood when the session began
 * (`session_marks`), instead of every ledger row since (5,000 rounds in a session: 3.7 ms more a
 * render).
 */
const PLAY_TOTALS_TRIGGER = `CREATE TRIGGER play_totals_insert AFTER INSERT ON ledger WHEN NEW.type IN ${PLAY_TYPES} BEGIN INSERT INTO play_totals (uid, kind, wagered, won) VALUES (NEW.uid, NEW.kind, ${STAKE("NEW.")}, ${WIN("NEW.")}) ON CONFLICT (uid, kind) DO UPDATE SET wagered = wagered + excluded.wagered, won = won + excluded.won; END`;

/**
 * The statements of "play since `?2`" for player ?1 over balances `?3` (a JSON list), as one batch:
 * older marks go (a session lives 30 days at most), the mark of `?2` is made the first time it is
 * asked for (the totals less the play of the rows since: read once a session), and the last
 * answers the totals less the mark. `?2` is the session's start: the same for all its readings.
 */
export const PLAY_SINCE_SQL = [
  `DELETE FROM session_marks WHERE uid = ?1 AND since < ?2 - ${SESSION_ABSOLUTE_MS}`,
  `INSERT OR IGNORE INTO session_marks (uid, since, kind, wagered, won)
     SELECT ?1, ?2, t.kind, t.wagered - COALESCE(s.wagered, 0), t.won - COALESCE(s.won, 0)
     FROM (SELECT kind, wagered, won FROM play_totals WHERE uid = ?1 UNION ALL SELECT '', 0, 0) t
     LEFT JOIN (SELECT kind, SUM(${STAKE("")}) AS wagered, SUM(${WIN("")}) AS won FROM ledger
                WHERE uid = ?1 AND created_at >= ?2 AND type IN ${PLAY_TYPES} GROUP BY kind) s ON s.kind = t.kind
     WHERE NOT EXISTS (SELECT 1 FROM session_marks WHERE uid = ?1 AND since = ?2)`,
  `SELECT COALESCE(SUM(t.wagered - COALESCE(m.wagered, 0)), 0) AS wagered, COALESCE(SUM(t.won - COALESCE(m.won, 0)), 0) AS won
     FROM play_totals t LEFT JOIN session_marks m ON m.uid = t.uid AND m.since = ?2 AND m.kind = t.kind
     WHERE t.uid = ?1 AND t.kind IN (SELECT value FROM json_each(?3))`,
] as const;

/**
 * The counts as the rows an object already holds give them: run once, in the transaction that
 * creates `player_counts` in an object made before it (PlayerObject.migrate).
 */
export const OBJECT_ONLY_BACKFILL: Readonly<Record<string, readonly string[]>> = {
  player_counts: [
    `INSERT INTO player_counts (uid, name, scope, n) SELECT uid, '${PLAYER_COUNTS.rounds}', 0, COUNT(*) FROM game_rounds WHERE operation_id IS NOT NULL GROUP BY uid`,
    `INSERT INTO player_counts (uid, name, scope, n) SELECT uid, '${PLAYER_COUNTS.loyaltyChanges}', 0, COUNT(*) FROM loyalty_ledger WHERE delta <> 0 OR exp_delta <> 0 GROUP BY uid`,
    `INSERT INTO player_counts (uid, name, scope, n) SELECT uid, '${PLAYER_COUNTS.tournamentRounds}', tournament_id, COUNT(*) FROM tournament_points WHERE reason IN ('round', 'bet') GROUP BY uid, tournament_id`,
  ],
  play_totals: [
    `INSERT INTO play_totals (uid, kind, wagered, won) SELECT uid, kind, SUM(${STAKE("")}), SUM(${WIN("")}) FROM ledger WHERE type IN ${PLAY_TYPES} GROUP BY uid, kind`,
  ],
};

/** Their schema, appended to the generated one (schema.test.ts). `player_clock_marks`: how far a clock has counted (clocks.ts). */
export const OBJECT_ONLY_SCHEMA = [
  `CREATE TABLE player_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, body TEXT NOT NULL CHECK (json_valid(body)), created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL, error TEXT)`,
  "CREATE INDEX player_outbox_due ON player_outbox (next_at)",
  "CREATE TABLE player_clock_marks (clock TEXT PRIMARY KEY, through INTEGER NOT NULL) WITHOUT ROWID",
  "CREATE TABLE player_counts (uid INTEGER NOT NULL, name TEXT NOT NULL, scope INTEGER NOT NULL, n INTEGER NOT NULL CHECK (n >= 0), PRIMARY KEY (uid, name, scope)) WITHOUT ROWID",
  ...countTriggers("game_rounds", PLAYER_COUNTS.rounds, COUNTED_ROUND, NO_SCOPE, "operation_id"),
  ...countTriggers("loyalty_ledger", PLAYER_COUNTS.loyaltyChanges, COUNTED_LOYALTY, NO_SCOPE, "delta, exp_delta"),
  ...countTriggers("tournament_points", PLAYER_COUNTS.tournamentRounds, COUNTED_TOURNAMENT, (r) => `${r}.tournament_id`, "reason, tournament_id"),
  // The points history's page: the lines that changed something, newest first, without visiting
  // the many that earned nothing whole (a round's fraction of a point).
  "CREATE INDEX loyalty_ledger_changes ON loyalty_ledger (uid, id) WHERE delta <> 0 OR exp_delta <> 0",
  "CREATE TABLE play_totals (uid INTEGER NOT NULL, kind TEXT NOT NULL, wagered INTEGER NOT NULL, won INTEGER NOT NULL, PRIMARY KEY (uid, kind)) WITHOUT ROWID",
  PLAY_TOTALS_TRIGGER,
  "CREATE TABLE session_marks (uid INTEGER NOT NULL, since INTEGER NOT NULL, kind TEXT NOT NULL, wagered INTEGER NOT NULL, won INTEGER NOT NULL, PRIMARY KEY (uid, since, kind)) WITHOUT ROWID",
  // The limits a player sets beside the SPEC's deposit limit (responsible/play-limits.ts): one row per kind and period.
  "CREATE TABLE play_limits (uid INTEGER NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('deposit', 'loss', 'wager')), period_days INTEGER NOT NULL CHECK (period_days IN (1, 7, 30)), limit_amount INTEGER NOT NULL CHECK (limit_amount > 0), anchor_at INTEGER NOT NULL, pending_amount INTEGER CHECK (pending_amount > 0), pending_effective_at INTEGER, updated_at INTEGER NOT NULL, PRIMARY KEY (uid, kind, period_days)) WITHOUT ROWID",
  // When a player last said their limits are still right (responsible/limit-review.ts).
  "CREATE TABLE limit_reviews (uid INTEGER PRIMARY KEY, reviewed_at INTEGER NOT NULL)",
  // A player's answer to their market's deposit-limit prompt (responsible/deposit-guard.ts): declining is recorded.
  "CREATE TABLE limit_prompts (uid INTEGER PRIMARY KEY, declined_at INTEGER NOT NULL)",
  // The self-assessment tests a player took (responsible/self-assessment.ts): the score and when, no answers.
  "CREATE TABLE self_assessments (uid INTEGER NOT NULL, taken_at INTEGER NOT NULL, score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 27), PRIMARY KEY (uid, taken_at)) WITHOUT ROWID",
  // A session's mark reads the rows since its start once: by time, not every row of the player.
  "CREATE INDEX ledger_by_player_time ON ledger (uid, created_at)",
];

/** The `users` columns a player's own statements read; the object keeps them in its `users` row. */
export const MIRRORED_USER_COLUMNS = ["uid", "currency", "country_code", "created_at", "character_id", "locale"] as const;

const player = new Set<string>(PLAYER_TABLES);
/**
 * The replicated tables the object copies whole when D1's `replica_state` version moved (migration
 * 0049's triggers move it on every change to them). The others (the catalogue's games, the
 * sportsbook's feed) are copied row by row: the rows a call names, as the Worker read them.
 */
export const WHOLE_REPLICAS = REPLICATED_TABLES.filter((t) => t !== "games" && !t.startsWith("sport"));

const replicated = new Set<string>(REPLICATED_TABLES);
const shared = new Set<string>(SHARED_TABLES);

export const isPlayerTable = (name: string): boolean => player.has(name);
export const isReplicatedTable = (name: string): boolean => replicated.has(name);
const moved = new Set<string>([...MOVED_TABLES, ...OBJECT_ONLY_TABLES]);
export const isMovedTable = (name: string): boolean => moved.has(name);

export const isSharedTable = (name: string): boolean => shared.has(name);

/** What namedTables answered, by statement: the code's SQL is a few hundred constant strings. */
const named = new Map<string, readonly string[]>();
/** Past this many distinct statements (an IN list of every length, say) the kept answers start over. */
const NAMED_KEPT = 2000;

/**
 * The tables a statement names after FROM, JOIN, INTO or UPDATE, lower-cased (CTE names and
 * functions included: they are in no list). Every statement of a call asks it up to four times
 * (the render's kept reads, the routing view, the player's object and its wire): parsed once per
 * isolate, not once per ask (0.45 ms of a signed-in render's CPU).
 */
export function namedTables(sql: string): readonly string[] {
  let tables = named.get(sql);
  if (!tables) {
    tables = Object.freeze([...new Set([...sql.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+([A-Za-z_][A-Za-z0-9_]*)/gi)].map((m) => m[1]!.toLowerCase()))]);
    if (named.size >= NAMED_KEPT) named.clear();
    named.set(sql, tables);
  }
  return tables;
}
