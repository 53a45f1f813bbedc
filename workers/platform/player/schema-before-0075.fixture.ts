import { PLAYER_SCHEMA } from "./schema.generated";
import { createdBy } from "./schema-migrate";

/**
 * A player object as migration 0075 found it (decision 0103), for the tests of its table rebuild:
 * the unit test on node:sqlite and the Worker test on a real Durable Object.
 */

/** The sportsbook's player tables as migration 0031 made them (before 0075). */
export const BEFORE_0075: Record<string, string> = {
  sport_bets:
    "CREATE TABLE sport_bets (id TEXT PRIMARY KEY, uid INTEGER NOT NULL REFERENCES users (uid), key TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('single', 'accumulator')), status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void')), currency TEXT NOT NULL, stake INTEGER NOT NULL CHECK (typeof(stake) = 'integer' AND stake > 0), odds INTEGER NOT NULL CHECK (odds >= 100), funding TEXT NOT NULL CHECK (funding IN ('main', 'betting_bonus')), bonus_id TEXT REFERENCES player_bonuses (id), stake_returned INTEGER NOT NULL DEFAULT 1 CHECK (stake_returned IN (0, 1)), max_payout INTEGER, payout INTEGER CHECK (payout IS NULL OR payout >= 0), placed_at INTEGER NOT NULL, settled_at INTEGER, UNIQUE (uid, key), CHECK ((funding = 'betting_bonus') = (bonus_id IS NOT NULL)), CHECK ((status = 'open') = (payout IS NULL)))",
  sport_bet_legs:
    "CREATE TABLE sport_bet_legs (bet_id TEXT NOT NULL REFERENCES sport_bets (id), selection_id INTEGER NOT NULL, event_id INTEGER NOT NULL, odds INTEGER NOT NULL CHECK (odds > 100), result TEXT CHECK (result IN ('win', 'lose', 'void')), position INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (bet_id, selection_id)) WITHOUT ROWID",
};
export const NEW_IN_0075 = new Set(["sport_bet_cashouts", "sport_bet_cashouts_by_bet", "sport_bet_legs_by_event"]);

/** The generated schema as it stood before migration 0075. */
export const OLDER_SCHEMA: readonly string[] = PLAYER_SCHEMA.filter((s) => !NEW_IN_0075.has(createdBy(s).name)).map((s) => BEFORE_0075[createdBy(s).name] ?? s);
