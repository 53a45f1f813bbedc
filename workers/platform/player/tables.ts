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
  // tournaments: the player's own points and the opt-in tournaments they joined; the board (entries, winners) is shared
  "tournament_points",
  "tournament_joins",
  // the sportsbook
  "sport_bets",
  "sport_bet_legs",
  "sport_settings",
  // VPN subscriptions
  "vpn_subscriptions",
  "vpn_periods",
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
  "sport_league_events",
  "sport_event_main",
  // when each player's clocks are next due, as their object last said (player/clocks.ts)
  "player_clocks",
  // tournament boards
  "tournament_entries",
  "tournament_totals",
  "tournament_winners",
  // a tournament's games in popularity order (its gamehall's pages)
  "tournament_game_order",
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
 * a player's transaction must still do elsewhere (outbox.ts), and the clocks' marks (clocks.ts).
 * Routed like the moved tables.
 */
export const OBJECT_ONLY_TABLES = ["player_outbox", "player_clock_marks"] as const;

/** Their schema, appended to the generated one (schema.test.ts). `player_clock_marks`: how far a clock has counted (clocks.ts). */
export const OBJECT_ONLY_SCHEMA = [
  `CREATE TABLE player_outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, body TEXT NOT NULL CHECK (json_valid(body)), created_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL, error TEXT)`,
  "CREATE INDEX player_outbox_due ON player_outbox (next_at)",
  "CREATE TABLE player_clock_marks (clock TEXT PRIMARY KEY, through INTEGER NOT NULL) WITHOUT ROWID",
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
