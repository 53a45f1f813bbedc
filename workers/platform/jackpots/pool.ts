import { DurableObject } from "cloudflare:workers";
import { OneAtATime } from "../core/one-at-a-time";
import { settingsKeepMs } from "../core/render-scope";
import { currencyConverter, currencyRates } from "../wallet/currency";
import { contributionOf, drawsWin } from "./draw";
import { type Outcome, outcome, unwrap } from "../player/wire";

/**
 * JackpotPool (decision 0075): one SQLite-backed Durable Object per pool (`idFromName(String(id))`)
 * holding what every player's real rounds add to it and what they win from it. D1's `jackpots` row
 * stays the pool's configuration (seed, cap, odds, contribution, currency, active) and its shown
 * amount; the object is where the money moves, one call at a time, so no two rounds race for it.
 *
 * - `contribute`: a round's contribution, the new amount and the draw (draw.ts, unchanged) in one
 *   storage transaction. The round's id is the contribution's key: a round delivered again (its
 *   player's outbox retried) adds nothing and answers what the first delivery answered, its win too.
 * - A win puts the seed back and records the winner here first, then in D1 (`jackpot_winners`) before
 *   the call answers; the caller pays it (settle.ts `payWin`, once by the winner's id) and the minute
 *   cron pays a winner whose payment died (`payAbandonedWins`).
 * - D1's money columns (amount, contributed, initial_seed, win_count, the last win) are written in one
 *   statement with the unwritten winners, at once when the pool was idle, at most once a second
 *   while it is busy (the alarm), as the tournament boards write their totals: a hot pool costs D1
 *   a write a second, not one a round. Every such write takes the configuration back from D1's row.
 *   The audit identity holds in D1 at every write: initial_seed + Σ reseed + contributed
 *   = amount + Σ won.
 * - An empty object starts from D1's row (the pool as it stood before it moved here).
 * - Contributions are kept CONTRIBUTIONS_KEPT_MS to recognise a delivery made again; one arriving
 *   later than that is refused (logged) rather than risk counting it twice.
 */

/** While busy, D1's row is written at most once a second; when the last write is older, at once. */
export const POOL_FLUSH_EVERY_MS = 1000;
/** How long a round's contribution is kept to recognise it delivered again (and how late one may arrive). */
export const CONTRIBUTIONS_KEPT_MS = 2 * 24 * 3_600_000;

/** A round's part, as its player's outbox delivers it (jackpots/contribute.ts). */
export interface Contribution {
  round_id: string;
  uid: number;
  game_id: number;
  /** The round's bet, in the player's currency (minor units). */
  bet: number;
  currency: string;
  created_at: number;
}

/** What a contribution answers: the winner's id when the round won the pool, and the share it added. */
export interface Contributed {
  winner: string | null;
  contributed: number;
}

/** The pool as it stands here (money and configuration), for the pages' D1 row, the tests and the fault test. */
export interface PoolState {
  jackpot_id: number;
  currency: string;
  seed: number;
  initial_seed: number;
  amount: number;
  contributed: number;
  contribution_bp: number;
  must_drop_at: number;
  odds_factor: number;
  is_active: number;
  win_count: number;
  last_winner_id: string | null;
  last_won_at: number | null;
  last_win: number | null;
  /** Bumped by every change; D1 holds `written`. */
  version: number;
  written: number;
}

const CONFIG = ["currency", "seed", "contribution_bp", "must_drop_at", "odds_factor", "is_active"] as const;

type WinnerRow = {
  id: string;
  seq: number;
  uid: number;
  round_id: string;
  game_id: number;
  amount: number;
  currency: string;
  reseed: number;
  won_at: number;
};

export class JackpotPool extends DurableObject<Env> {
  private state: PoolState | null = null;
  private lastFlush = 0;
  private readonly writer = new OneAtATime();
  private alarmSet = false;
  private keptRates: { rates: Record<string, number>; at: number } | null = null;
  /** D1 batches this instance wrote (the tests and the players bench read it). */
  private writes = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS pool (
      jackpot_id INTEGER PRIMARY KEY, currency TEXT NOT NULL, seed INTEGER NOT NULL, initial_seed INTEGER NOT NULL,
      amount INTEGER NOT NULL CHECK (amount >= 0), contributed INTEGER NOT NULL, contribution_bp INTEGER NOT NULL,
      must_drop_at INTEGER NOT NULL, odds_factor INTEGER NOT NULL, is_active INTEGER NOT NULL, win_count INTEGER NOT NULL,
      last_winner_id TEXT, last_won_at INTEGER, last_win INTEGER, version INTEGER NOT NULL, written INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS contributions (
      round_id TEXT PRIMARY KEY, uid INTEGER NOT NULL, amount INTEGER NOT NULL CHECK (amount >= 0),
      created_at INTEGER NOT NULL, winner_id TEXT) WITHOUT ROWID`);
    sql.exec("CREATE INDEX IF NOT EXISTS contributions_by_age ON contributions (created_at)");
    sql.exec(`CREATE TABLE IF NOT EXISTS winners (
      id TEXT PRIMARY KEY, seq INTEGER NOT NULL UNIQUE, uid INTEGER NOT NULL, round_id TEXT NOT NULL, game_id INTEGER NOT NULL,
      amount INTEGER NOT NULL, currency TEXT NOT NULL, reseed INTEGER NOT NULL, won_at INTEGER NOT NULL,
      in_d1 INTEGER NOT NULL DEFAULT 0)`);
    this.state = (sql.exec("SELECT * FROM pool").toArray()[0] as unknown as PoolState | undefined) ?? null;
  }

  /**
   * RPC: a round's contribution (see the class comment). Answers the winner's id when this round won
   * the pool (the caller pays it), also when the round was delivered before.
   */
  contribute(jackpotId: number, c: Contribution): Promise<Outcome<Contributed>> {
    return outcome(() => this.take(jackpotId, c));
  }

  private async take(jackpotId: number, c: Contribution): Promise<Contributed> {
    if (!isContribution(c)) throw new TypeError("JackpotPool: not a contribution");
    const pool = await this.load(jackpotId);
    const known = this.contributionOf(c.round_id);
    if (known) return this.again(known);
    const now = Date.now();
    if (c.created_at < now - CONTRIBUTIONS_KEPT_MS + 3_600_000) {
      console.error(`jackpot ${jackpotId}: round ${c.round_id} arrived too late to tell from a repeat; not counted`);
      return { winner: null, contributed: 0 };
    }
    if (!pool.is_active) return { winner: null, contributed: 0 };
    const convert = await currencyConverter(this.env.DB, c.currency, [pool.currency], await this.rates(c.currency, pool.currency));
    const sql = this.ctx.storage.sql;
    // From here to the end of the transaction nothing awaits: the round's check, its share, the draw
    // and the win are one step of this object, on the pool as it is now.
    const again = this.contributionOf(c.round_id);
    if (again) return this.again(again);
    const s = { ...this.state! };
    const betInPool = convert(c.bet, s.currency);
    if (betInPool === null) return { winner: null, contributed: 0 };
    const share = contributionOf(betInPool, s.contribution_bp);
    s.amount += share;
    s.contributed += share;
    s.version++;
    let winner: WinnerRow | null = null;
    if (drawsWin(s, betInPool)) {
      s.win_count++;
      winner = {
        id: crypto.randomUUID(),
        seq: s.win_count,
        uid: c.uid,
        round_id: c.round_id,
        game_id: c.game_id,
        amount: s.amount,
        currency: s.currency,
        reseed: s.seed,
        won_at: now,
      };
      Object.assign(s, { amount: s.seed, last_winner_id: winner.id, last_won_at: now, last_win: winner.amount });
    }
    this.ctx.storage.transactionSync(() => {
      if (winner) {
        const w = winner;
        sql.exec(
          "INSERT INTO winners (id, seq, uid, round_id, game_id, amount, currency, reseed, won_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
          w.id,
          w.seq,
          w.uid,
          w.round_id,
          w.game_id,
          w.amount,
          w.currency,
          w.reseed,
          w.won_at,
        );
      }
      sql.exec(
        "INSERT INTO contributions (round_id, uid, amount, created_at, winner_id) VALUES (?, ?, ?, ?, ?)",
        c.round_id,
        c.uid,
        share,
        now,
        winner?.id ?? null,
      );
      this.save(s);
    });
    this.state = s;
    // A win is in D1 before the call answers: the payment reads the winner row there.
    if (winner) {
      this.schedule(Date.now() + POOL_FLUSH_EVERY_MS);
      await this.flush();
    } else await this.flushSoon();
    return { winner: (winner as WinnerRow | null)?.id ?? null, contributed: share };
  }

  private contributionOf(roundId: string): { amount: number; winner_id: string | null } | undefined {
    return this.ctx.storage.sql
      .exec<{ amount: number; winner_id: string | null }>("SELECT amount, winner_id FROM contributions WHERE round_id = ?", roundId)
      .toArray()[0];
  }

  /** A round delivered before: nothing more, but what the first delivery owed D1 (its win) is written first. */
  private async again(known: { amount: number; winner_id: string | null }): Promise<Contributed> {
    if (known.winner_id) await this.flush();
    return { winner: known.winner_id, contributed: known.amount };
  }

  /** The site's rates, kept as long as the settings are (SETTINGS_CACHE_MS); none needed within one currency. */
  private async rates(from: string, to: string): Promise<Record<string, number> | undefined> {
    if (from === to) return undefined;
    const keep = settingsKeepMs(this.env);
    if (this.keptRates && Date.now() - this.keptRates.at < keep) return this.keptRates.rates;
    const { rates } = await currencyRates(this.env.DB);
    this.keptRates = { rates, at: Date.now() };
    return rates;
  }

  /**
   * RPC: an operator's top-up (or, in tests, a pool brought to its cap): money added to the pool
   * counts as seed money, so the audit holds. Written to D1 at once.
   */
  topUp(jackpotId: number, amount: number): Promise<Outcome<PoolState>> {
    return outcome(() => this.addSeed(jackpotId, amount));
  }

  private async addSeed(jackpotId: number, amount: number): Promise<PoolState> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError("JackpotPool: a top-up is a positive whole amount");
    const s = { ...(await this.load(jackpotId)) };
    s.amount += amount;
    s.initial_seed += amount;
    s.version++;
    this.save(s);
    this.state = s;
    await this.flush();
    return { ...this.state! };
  }

  /** RPC: the pool as it stands here. */
  read(jackpotId: number): Promise<Outcome<PoolState>> {
    return outcome(async () => ({ ...(await this.load(jackpotId)) }));
  }

  /** RPC: once D1's row holds everything the pool had when it was called (throws if D1 cannot be written). */
  flushed(jackpotId: number): Promise<Outcome<PoolState>> {
    return outcome(async () => {
      await this.load(jackpotId);
      await this.flush();
      return { ...this.state! };
    });
  }

  /** RPC: how many D1 writes this instance made. */
  async d1Writes(): Promise<number> {
    return this.writes;
  }

  override async alarm(): Promise<void> {
    this.alarmSet = false;
    if (!this.state) return;
    await this.flush().catch((e) => {
      console.error(`jackpot ${this.state?.jackpot_id}: writing D1 failed, retried in a second`, e instanceof Error ? e.message : e);
      this.schedule();
    });
  }

  /**
   * Idle: D1 written now (kept if it fails: the alarm tries again); busy: at the next tick. The
   * alarm is set before an inline write too: a process that dies during it leaves D1 behind, and
   * the alarm, which outlives the process, writes it after the restart (it finds nothing to do
   * when the write landed).
   */
  private async flushSoon(): Promise<void> {
    if (this.writer.busy || Date.now() - this.lastFlush < POOL_FLUSH_EVERY_MS) {
      this.schedule();
      return;
    }
    this.schedule(Date.now() + POOL_FLUSH_EVERY_MS);
    await this.flush().catch((e) => {
      console.error(`jackpot ${this.state?.jackpot_id}: writing D1 failed, the alarm retries`, e instanceof Error ? e.message : e);
    });
  }

  /** One D1 write at a time: a call during one waits for it, then writes what came meanwhile. */
  private flush(): Promise<void> {
    return this.writer.run(() => this.writeD1());
  }

  /** D1's money columns and the unwritten winners in one batch; the configuration taken back from the row. */
  private async writeD1(): Promise<void> {
    const s = this.state!;
    const sql = this.ctx.storage.sql;
    const winners = sql.exec<WinnerRow>("SELECT id, seq, uid, round_id, game_id, amount, currency, reseed, won_at FROM winners WHERE in_d1 = 0").toArray();
    if (s.written === s.version && !winners.length) return;
    this.lastFlush = Date.now();
    const version = s.version;
    const db = this.env.DB;
    this.writes++;
    const [row] = await db.batch([
      db
        .prepare(
          `UPDATE jackpots SET amount = ?2, contributed = ?3, initial_seed = ?4, win_count = ?5, last_winner_id = ?6, last_won_at = ?7, last_win = ?8
           WHERE id = ?1 RETURNING ${CONFIG.join(", ")}`,
        )
        .bind(s.jackpot_id, s.amount, s.contributed, s.initial_seed, s.win_count, s.last_winner_id, s.last_won_at, s.last_win),
      ...winners.map((w) =>
        db
          .prepare(
            `INSERT INTO jackpot_winners (id, jackpot_id, seq, uid, round_id, game_id, amount, currency, reseed, won_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT (id) DO NOTHING`,
          )
          .bind(w.id, s.jackpot_id, w.seq, w.uid, w.round_id, w.game_id, w.amount, w.currency, w.reseed, w.won_at),
      ),
    ]);
    const config = row!.results[0] as Pick<PoolState, (typeof CONFIG)[number]> | undefined;
    const next = { ...this.state!, ...config, written: Math.max(this.state!.written, version) };
    this.ctx.storage.transactionSync(() => {
      this.save(next);
      for (const w of winners) sql.exec("UPDATE winners SET in_d1 = 1 WHERE id = ?", w.id);
      // What is too old to be delivered again goes, a bounded piece at a time.
      sql.exec(
        "DELETE FROM contributions WHERE round_id IN (SELECT round_id FROM contributions WHERE created_at < ? ORDER BY created_at LIMIT 500)",
        Date.now() - CONTRIBUTIONS_KEPT_MS,
      );
    });
    this.state = next;
  }

  /** The alarm, unless one is set: at `at`, by default the next tick (a second after the last write). */
  private schedule(at = Math.max(Date.now(), this.lastFlush + POOL_FLUSH_EVERY_MS)): void {
    if (this.alarmSet) return;
    this.alarmSet = true;
    void this.ctx.storage.setAlarm(at);
  }

  /** The pool's row: from storage, or the first time from D1's (the pool as it stood). */
  private async load(jackpotId: number): Promise<PoolState> {
    if (this.state) {
      if (this.state.jackpot_id !== jackpotId) throw new Error(`JackpotPool ${this.state.jackpot_id} was asked for pool ${jackpotId}`);
      return this.state;
    }
    if (!Number.isSafeInteger(jackpotId) || jackpotId <= 0) throw new TypeError("JackpotPool: not a jackpot id");
    const row = await this.env.DB.prepare(
      `SELECT id AS jackpot_id, ${CONFIG.join(", ")}, initial_seed, amount, contributed, win_count, last_winner_id, last_won_at, last_win
       FROM jackpots WHERE id = ?1`,
    )
      .bind(jackpotId)
      .first<Omit<PoolState, "version" | "written">>();
    if (!row) throw new Error(`No jackpot ${jackpotId}`);
    // Another call may have loaded it while this one read D1.
    if (!this.state) {
      const s = { ...row, version: 0, written: 0 };
      this.save(s);
      this.state = s;
    }
    return this.state;
  }

  private save(s: PoolState = this.state!): void {
    const columns = Object.keys(s);
    this.ctx.storage.sql.exec(
      `INSERT OR REPLACE INTO pool (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      ...columns.map((k) => s[k as keyof PoolState]),
    );
  }
}

function isContribution(c: unknown): c is Contribution {
  const v = c as Contribution;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.round_id === "string" &&
    v.round_id.length > 0 &&
    Number.isSafeInteger(v.uid) &&
    v.uid > 0 &&
    Number.isSafeInteger(v.game_id) &&
    Number.isSafeInteger(v.bet) &&
    v.bet >= 0 &&
    typeof v.currency === "string" &&
    Number.isSafeInteger(v.created_at)
  );
}

/**
 * Pool `jackpotId`'s object, its answers unwrapped (an RPC answers an Outcome, not a rejection:
 * player/wire.ts): an error there is thrown here.
 */
export function jackpotPool(env: Pick<Env, "JACKPOT_POOL">, jackpotId: number) {
  const stub = env.JACKPOT_POOL.get(env.JACKPOT_POOL.idFromName(String(jackpotId)));
  return {
    contribute: async (c: Contribution): Promise<Contributed> => unwrap(await stub.contribute(jackpotId, c)),
    topUp: async (amount: number): Promise<PoolState> => unwrap(await stub.topUp(jackpotId, amount)),
    read: async (): Promise<PoolState> => unwrap(await stub.read(jackpotId)),
    flushed: async (): Promise<PoolState> => unwrap(await stub.flushed(jackpotId)),
    d1Writes: (): Promise<number> => stub.d1Writes(),
    stub,
  };
}
