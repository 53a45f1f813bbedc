import { DurableObject } from "cloudflare:workers";
import { countingD1, type D1Tally } from "../../d1-stats";
import { playRound } from "../games/rounds";
import type { SportBet } from "../../../core/api/contract-sportsbook";
import { type PlaceParams, placeBet } from "../sportsbook/place";
import { settlePlayer } from "../sportsbook/settle";
import { acceptCashOut, autoCashOutPlayer, type QuoteBody } from "../sportsbook/cashout";
import type { RoundInput, RoundResult } from "../games/round-types";
import { objectD1 } from "../storage/object-d1";
import { PLAYER_SCHEMA, PLAYER_SCHEMA_VERSION } from "./schema.generated";
import { migrateSchema } from "./schema-migrate";
import { RECEIVERS } from "./deliveries";
import { readMirror } from "./remote-d1";
import { OWN_TABLES, type OwnTables, routedD1 } from "./routed-d1";
import { type OutboxRow, retryPause } from "./outbox";
import { CLOCK_DUE_KEY, type ClockDue, FIRST_UNCOUNTED_PLAY_SQL, isClockedTable, NEXT_DUE_SQL, nextDue } from "./clocks";
import { isReplicatedTable, MIRRORED_USER_COLUMNS, namedTables, OBJECT_ONLY_BACKFILL, WHOLE_REPLICAS } from "./tables";
import { type Facts, type MirroredUser, type Outcome, outcome, type RunCall, type WireResult, type WireStatement } from "./wire";

/** What a call's statements wrote that the object must follow up: its outbox (deliver) and its clocks (report). */
interface Wrote {
  outbox: boolean;
  clocked: boolean;
}

/** Notes in `wrote` what a statement that changes rows names (a read changes neither). */
function noteWrite(wrote: Wrote, sql: string, tables = namedTables(sql)): void {
  if (/^\s*SELECT\b/i.test(sql)) return;
  if (tables.includes("player_outbox")) wrote.outbox = true;
  if (tables.some(isClockedTable)) wrote.clocked = true;
}

/**
 * PlayerObject (decision 0075): one SQLite-backed Durable Object per player (`idFromName(uid)`),
 * owning that player's money and rewards. Its tables are the player tables of the migrations and a
 * copy of the configuration their statements join (schema.generated.ts). The schema is applied once
 * per version, before any call is served (schema-migrate.ts): a table whose definition changed
 * under live rows is rebuilt with them, in the same transaction.
 *
 * `run` executes statements on the object's SQLite through the D1 interface (storage/object-d1.ts):
 * a batch is one transaction, all of it or nothing. The object knows its player from the first
 * call; it refuses a call for another uid, so a routing mistake cannot mix two players' rows.
 *
 * The configuration its statements join is a copy (tables.ts WHOLE_REPLICAS), taken again whenever
 * D1's `replica_state.version` (migration 0049) is newer than the one it holds: a caller that read
 * the version passes it, else the object reads it; only the tables whose own version moved
 * (`replica_tables`, migration 0069) are copied again. The copy is one transaction, so no statement runs on
 * half of it, and calls that need it while it is being taken wait for it. Catalogue and feed rows come with the call that needs them (`facts`).
 *
 * What a transaction must still do elsewhere is a row of its outbox (outbox.ts): a call that wrote
 * one sets the object's alarm, and `alarm()` delivers the due rows in order, removing each that
 * succeeded and pausing the others (retryPause) until they do.
 */
export class PlayerObject extends DurableObject<Env> {
  private readonly db: D1Database;
  private uid = 0;
  private replica = 0;
  private pulling: Promise<void> | null = null;
  private userKnown = false;
  /** The fact rows with an id this instance last wrote, as written (`remember`). */
  private readonly kept = new Map<string, string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.db = objectD1(ctx.storage);
    ctx.blockConcurrencyWhile(async () => {
      this.migrate();
      this.uid = Number(this.meta("uid") ?? 0);
      this.replica = Number(this.meta("replica") ?? 0);
    });
  }

  /** Runs `statements`: one alone, or several as one transaction (`batch`). */
  run(uid: number, statements: WireStatement[], batch: boolean, replica: number | null | "skip" = null, facts: Facts[] = []): Promise<Outcome<WireResult[]>> {
    return outcome(async () => {
      await this.enter(uid, replica, facts, this.env.DB);
      const prepared = statements.map((s) => this.db.prepare(s.sql).bind(...s.params));
      const wrote: Wrote = { outbox: false, clocked: false };
      for (const s of statements) noteWrite(wrote, s.sql);
      let results: WireResult[];
      if (batch) results = (await this.db.batch(prepared)).map(wire);
      else {
        const [only] = prepared;
        if (!only || prepared.length !== 1) throw new TypeError("run takes one statement, or a batch");
        results = [wire(await only.run())];
      }
      await this.followUp(wrote);
      return results;
    });
  }

  /**
   * Several callers' `run`s in one call, each answered on its own (a failure is that caller's
   * alone), one after another in the order given, as if they had arrived so: the reads a page's
   * render makes of its player at once (player/coalesce.ts; issue 39, "the player's state in one call").
   */
  async runMany(uid: number, calls: RunCall[]): Promise<Outcome<WireResult[]>[]> {
    const answers: Outcome<WireResult[]>[] = [];
    for (const c of calls) answers.push(await this.run(uid, c.statements, c.batch, c.replica, c.facts));
    return answers;
  }

  /**
   * Plays player `uid`'s round (games/rounds.ts) here, as one call from the Worker (decision 0075):
   * the round's reads, its claim and its batch run on this object's storage directly, and only what
   * is the site's (the bonus's template, the jackpot pool, the tournament boards) reaches D1. The
   * round's code is the Worker's, unchanged: it is handed the player's tables (routedD1 over this
   * storage, OWN_TABLES) and an env whose D1 is counted when DB_STATS is on (`d1`: what it used, for
   * the Worker's Server-Timing). `replica`, `generalInfo`: the configuration version and the site's
   * general info the caller read, if it did.
   */
  playRound(
    uid: number,
    input: RoundInput,
    replica: number | null = null,
    generalInfo?: string | null,
  ): Promise<Outcome<{ result: RoundResult; d1: D1Tally | null }>> {
    const game = [{ table: "games", rows: [input.game as unknown as Record<string, unknown>] }];
    return this.asPlayer(uid, replica, game, (call) =>
      playRound({ env: call.env, db: call.player(), waitUntil: call.waitUntil, generalInfo }, { ...input, uid }),
    );
  }

  /**
   * Places player `uid`'s sports bet (sportsbook/place.ts) here, as one call from the Worker
   * (decision 0075): the player's reads (an earlier bet by the key, their currency, betting bonus
   * and odds setting), the gated batch and the answer run on this storage; the feed's rows, the
   * event's bettor list and the answer's labels are D1's. `reader`: the call's locales.
   */
  placeBet(
    uid: number,
    params: PlaceParams,
    reader: { locale: string; defaultLocale: string },
    replica: number | null = null,
  ): Promise<Outcome<{ result: { bet: SportBet }; d1: D1Tally | null }>> {
    return this.asPlayer(uid, replica, [], (call) => placeBet({ ...call, ...reader }, params));
  }

  /**
   * Takes player `uid`'s cash-out offer (sportsbook/cashout.ts `acceptCashOut`, decision 0105) here:
   * the bet priced again, the cash-out row, the bet's change and the credit in one transaction.
   */
  cashOut(
    uid: number,
    body: QuoteBody,
    amount: number | null,
    reader: { locale: string; defaultLocale: string },
  ): Promise<Outcome<{ result: { bet: SportBet; paid: SportBet["stake"] }; d1: D1Tally | null }>> {
    return this.asPlayer(uid, null, [], (call) => acceptCashOut({ ...call, ...reader }, body, amount));
  }

  /**
   * Checks player `uid`'s auto cash-outs on an event the feed just stepped (sportsbook/cashout.ts
   * `autoCashOutPlayer`, decision 0110): each bet whose threshold its value now reaches is cashed out here.
   */
  autoCashOut(uid: number, eventId: number, now: number): Promise<Outcome<{ result: number; d1: D1Tally | null }>> {
    return this.asPlayer(uid, null, [], (call) => autoCashOutPlayer(call, eventId, now));
  }

  /**
   * Settles player `uid`'s bets on an ended event (sportsbook/settle.ts `settlePlayer`) here, as one
   * call of the event's fan-out: the legs take their results, each bet settles with its wallet
   * credit in one transaction of this storage, the feed's rows come from D1 as facts.
   */
  settleBets(uid: number, eventId: number, now: number): Promise<Outcome<{ result: number; d1: D1Tally | null }>> {
    return this.asPlayer(uid, null, [], (call) => settlePlayer(call.env, uid, eventId, now, call.waitUntil));
  }

  /**
   * Runs `work` for player `uid` on this object's storage: the call's context (its D1 counted when
   * DB_STATS is on, the player's tables routed here), entered and followed up as every call is.
   */
  private asPlayer<T>(
    uid: number,
    replica: number | null,
    facts: Facts[],
    work: (call: { env: Env; db: D1Database; uid: number; player: () => D1Database; waitUntil: (p: Promise<unknown>) => void }) => Promise<T>,
  ): Promise<Outcome<{ result: T; d1: D1Tally | null }>> {
    return outcome(async () => {
      const tally: D1Tally | null = this.env.DB_STATS === "on" ? { rowsRead: 0, rowsWritten: 0, queries: 0 } : null;
      const DB = tally ? countingD1(this.env.DB, tally) : this.env.DB;
      await this.enter(uid, replica, facts, DB);
      const wrote: Wrote = { outbox: false, clocked: false };
      const env = this.ownEnv(uid, wrote, DB);
      const tables = routedD1(env, uid);
      try {
        const result = await work({ env, db: DB, uid, player: () => tables, waitUntil: (p) => this.ctx.waitUntil(p) });
        return { result, d1: tally };
      } finally {
        await this.followUp(wrote);
      }
    });
  }

  /**
   * The env this object hands the work it runs itself: its D1 (`DB`, counted or not) and its own
   * storage as player `uid`'s tables (OWN_TABLES), noting in `wrote` what that work changes.
   */
  private ownEnv(uid: number, wrote: Wrote, DB: D1Database = this.env.DB): Env {
    const own: OwnTables = { uid, db: this.noting(wrote), remember: (rows) => this.remember(rows) };
    return { ...this.env, DB, [OWN_TABLES]: own } as Env;
  }

  /** What every call does first: the player named, their mirrored row, the configuration's copy, the facts kept. */
  private async enter(uid: number, replica: number | null | "skip", facts: Facts[], d1: D1Database): Promise<void> {
    this.claim(uid);
    await this.ensureUser(d1);
    // "skip": the caller saw that no statement joins the configuration copy.
    if (replica !== "skip") await this.ensureReplica(replica, d1);
    if (facts.length) this.remember(facts);
  }

  /** What every call does last: the clocks reported if a clocked table changed, the outbox's alarm set if it was written. */
  private async followUp(wrote: Wrote): Promise<void> {
    if (wrote.clocked) await this.reportClock();
    if (wrote.outbox) await this.armOutbox();
  }

  /** This object's storage as D1, noting in `wrote` what the statements prepared on it change. */
  private noting(wrote: Wrote): D1Database {
    const db = this.db;
    const prepare = (sql: string) => {
      noteWrite(wrote, sql);
      return db.prepare(sql);
    };
    const batch = db.batch.bind(db);
    const session = { prepare, batch, getBookmark: () => null };
    return { prepare, batch, exec: db.exec.bind(db), withSession: () => session, dump: db.dump.bind(db) };
  }

  /**
   * Works out when the player's clocks are next due (clocks.ts) and, when that changed, records it
   * in the outbox (one row, the newest answer, versioned) in the same turn as the write that
   * changed it, then delivers it to D1 at once; the alarm retries a delivery that failed.
   */
  private async reportClock(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const clocks = sql.exec<Record<string, number | null>>(NEXT_DUE_SQL).one();
    const play = sql.exec<{ at: number | null }>(FIRST_UNCOUNTED_PLAY_SQL).one().at;
    const due = nextDue(clocks, play);
    if (this.meta("clock_due") === String(due)) return;
    const now = Date.now();
    // Versions follow the clock, each above the last: an object rebuilt from scratch still answers above what D1 holds.
    const answer: ClockDue = { due_at: due, version: Math.max(Number(this.meta("clock_version") ?? 0) + 1, now) };
    const body = JSON.stringify(answer);
    this.ctx.storage.transactionSync(() => {
      this.setMeta("clock_due", String(due));
      this.setMeta("clock_version", String(answer.version));
      sql.exec(
        `INSERT INTO player_outbox (key, kind, body, created_at, next_at) VALUES (?1, ?1, ?2, ?3, ?3)
         ON CONFLICT (key) DO UPDATE SET body = excluded.body, next_at = excluded.next_at, attempts = 0, error = NULL`,
        CLOCK_DUE_KEY,
        body,
        now,
      );
    });
    try {
      await RECEIVERS["clock.due"](this.env, this.uid, answer, CLOCK_DUE_KEY, (p) => this.ctx.waitUntil(p));
      // Unless a newer answer replaced it meanwhile.
      sql.exec("DELETE FROM player_outbox WHERE key = ? AND body = ?", CLOCK_DUE_KEY, body);
    } catch (e) {
      console.error(`player ${this.uid}: clock.due delivery failed, the alarm retries:`, e instanceof Error ? e.message : e);
      await this.armOutbox();
    }
  }

  /** Delivers the outbox's due rows (see the class comment); runs again when the next one is due. */
  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const now = Date.now();
    const due = sql
      .exec<Record<string, SqlStorageValue>>("SELECT * FROM player_outbox WHERE next_at <= ? ORDER BY id LIMIT 50", now)
      .toArray() as unknown as OutboxRow[];
    // A delivery may change the player's own tables (a jackpot won is paid here): reached directly, followed up after.
    const wrote: Wrote = { outbox: false, clocked: false };
    const env = this.ownEnv(this.uid, wrote);
    for (const row of due) {
      try {
        await RECEIVERS[row.kind](env, this.uid, JSON.parse(row.body), row.key, (p) => this.ctx.waitUntil(p));
        sql.exec("DELETE FROM player_outbox WHERE id = ?", row.id);
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        console.error(`player ${this.uid}: outbox delivery ${row.kind} ${row.key} failed (attempt ${row.attempts + 1}):`, message);
        sql.exec("UPDATE player_outbox SET attempts = attempts + 1, next_at = ?, error = ? WHERE id = ?", now + retryPause(row.attempts + 1), message, row.id);
      }
    }
    if (wrote.clocked) await this.reportClock();
    await this.armOutbox();
  }

  /** Sets the alarm for the outbox's earliest due row, unless one is set sooner. */
  private async armOutbox(): Promise<void> {
    const next = this.ctx.storage.sql.exec<{ at: number | null }>("SELECT MIN(next_at) AS at FROM player_outbox").one().at;
    if (next === null) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > next) await this.ctx.storage.setAlarm(next);
  }

  /** Writes the player's mirrored `users` columns (the Worker's copy from D1); answers whether they changed. */
  adopt(user: MirroredUser): Promise<Outcome<boolean>> {
    return outcome(() => this.writeUser(user));
  }

  private writeUser(user: MirroredUser): boolean {
    this.claim(Number(user.uid));
    const columns = MIRRORED_USER_COLUMNS.join(", ");
    const values = MIRRORED_USER_COLUMNS.map((c) => user[c] ?? null);
    const changed = this.ctx.storage.sql.exec(
      `INSERT INTO users (${columns}) VALUES (${MIRRORED_USER_COLUMNS.map(() => "?").join(", ")})
       ON CONFLICT (uid) DO UPDATE SET ${MIRRORED_USER_COLUMNS.filter((c) => c !== "uid")
         .map((c) => `${c} = excluded.${c}`)
         .join(", ")}
       WHERE ${MIRRORED_USER_COLUMNS.filter((c) => c !== "uid")
         .map((c) => `${c} IS NOT excluded.${c}`)
         .join(" OR ")}`,
      ...values,
    );
    return changed.rowsWritten > 0;
  }

  /**
   * The player's mirrored `users` row, read from D1 on the object's first call if it has none. Later
   * changes to those columns are written by the Worker code that makes them (`adopt`).
   */
  private async ensureUser(d1: D1Database = this.env.DB): Promise<void> {
    if (this.userKnown) return;
    if (this.ctx.storage.sql.exec("SELECT 1 FROM users WHERE uid = ?", this.uid).toArray().length === 0) {
      const row = await readMirror(d1, this.uid);
      // No such player in D1: the statements run without a users row and answer as D1 would (the
      // wallet's "No such player", a foreign key refused); the next call looks again.
      if (!row) return;
      this.writeUser(row);
    }
    this.userKnown = true;
  }

  /** Copies the configuration again if D1's version is not the one held (see the class comment). */
  private async ensureReplica(known: number | null, d1: D1Database = this.env.DB): Promise<void> {
    // Versions only grow: a caller that read an older one (its isolate keeps the settings a moment)
    // is behind this copy, not ahead of it.
    if (known !== null && known <= this.replica) return;
    const current = known ?? (await d1.prepare("SELECT version FROM replica_state WHERE id = 1").first<number>("version"));
    if (current !== null && current <= this.replica) return;
    // One copy at a time: the calls that need it while it is being taken wait for the same one.
    this.pulling ??= this.pullReplica().finally(() => {
      this.pulling = null;
    });
    await this.pulling;
  }

  /**
   * Takes the copy of the tables that changed since this object's (migration 0069: each table's
   * version is the global one its last change made): one D1 batch, which answers the versions and
   * the rows of only those tables, then one synchronous transaction, so no statement ever sees half
   * of it. A failure (D1 unreachable) fails the calls waiting for it, as an answer; the object and
   * its other calls go on, and the next call that needs the copy tries again.
   */
  private async pullReplica(): Promise<void> {
    const db = this.env.DB;
    const held = this.heldTables();
    const [version, versions, ...tables] = await db.batch([
      db.prepare("SELECT version FROM replica_state WHERE id = 1"),
      db.prepare("SELECT name, version FROM replica_tables"),
      // A table's rows only when its version is not the one held (the condition is read once, not per row).
      ...WHOLE_REPLICAS.map((t) =>
        db.prepare(`SELECT * FROM ${t} WHERE (SELECT version FROM replica_tables WHERE name = ?1) IS NOT ?2`).bind(t, held[t] ?? null),
      ),
    ]);
    const copied = (version!.results[0] as { version: number }).version;
    if (copied <= this.replica) return;
    const now = new Map((versions!.results as { name: string; version: number }[]).map((r) => [r.name, r.version]));
    this.ctx.storage.transactionSync(() => {
      WHOLE_REPLICAS.forEach((t, i) => {
        const at = now.get(t);
        if (at === undefined) throw new Error(`PlayerObject: replica_tables has no version for ${t} (migration 0069)`);
        if (held[t] === at) return;
        this.ctx.storage.sql.exec(`DELETE FROM ${t}`);
        for (const row of tables[i]!.results as Record<string, unknown>[]) this.insertRow(t, row, "INSERT");
        held[t] = at;
      });
      this.setMeta("replica_tables", JSON.stringify(held));
      this.setMeta("replica", String(copied));
    });
    this.replica = copied;
  }

  /** The version of each table this copy holds (none before its first copy of migration 0069's versions). */
  private heldTables(): Record<string, number> {
    const held = this.meta("replica_tables");
    return held ? (JSON.parse(held) as Record<string, number>) : {};
  }

  /**
   * Keeps the catalogue's and the feed's rows a call brought (replacing older copies). A row with
   * an `id` this instance last wrote as it is now is not written again: a player's rounds on one
   * game bring the same game row every time (only `remember` writes these tables).
   */
  private remember(facts: Facts[]): void {
    for (const { table } of facts) {
      if (!isReplicatedTable(table) || (WHOLE_REPLICAS as readonly string[]).includes(table)) throw new TypeError(`PlayerObject: ${table} rows are not facts`);
    }
    const fresh = facts.flatMap(({ table, rows }) =>
      rows.flatMap((row) => {
        const key = row.id === undefined ? null : `${table}#${String(row.id)}`;
        const text = JSON.stringify(row);
        return key !== null && this.kept.get(key) === text ? [] : [{ table, row, key, text }];
      }),
    );
    if (!fresh.length) return;
    this.ctx.storage.transactionSync(() => {
      for (const { table, row } of fresh) this.insertRow(table, row, "INSERT OR REPLACE");
    });
    if (this.kept.size > 512) this.kept.clear();
    for (const f of fresh) if (f.key !== null) this.kept.set(f.key, f.text);
  }

  private insertRow(table: string, row: Record<string, unknown>, verb: "INSERT" | "INSERT OR REPLACE"): number {
    const columns = Object.keys(row);
    if (!columns.every((c) => /^\w+$/.test(c))) throw new TypeError(`PlayerObject: a column name of ${table} is not plain`);
    return this.ctx.storage.sql.exec(
      `${verb} INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      ...columns.map((c) => row[c] as SqlStorageValue),
    ).rowsWritten;
  }

  /** The object is one player's: the first call names them, a call for anyone else is a routing defect. */
  private claim(uid: number): void {
    if (!Number.isSafeInteger(uid) || uid <= 0) throw new TypeError(`PlayerObject: not a player id: ${uid}`);
    if (this.uid === uid) return;
    if (this.uid !== 0) throw new Error(`PlayerObject: this object is player ${this.uid}'s, not ${uid}'s`);
    this.setMeta("uid", String(uid));
    this.uid = uid;
  }

  private meta(key: string): string | null {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM _player_meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  private setMeta(key: string, value: string): void {
    this.ctx.storage.sql.exec("INSERT INTO _player_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  /** Applies the generated schema when its version is new to this object (see the class comment). */
  private migrate(): void {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS _player_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    if (this.meta("schema") === PLAYER_SCHEMA_VERSION) return;
    this.ctx.storage.transactionSync(() => {
      migrateSchema({ rows: (statement) => sql.exec(statement).toArray() }, PLAYER_SCHEMA, OBJECT_ONLY_BACKFILL);
      this.setMeta("schema", PLAYER_SCHEMA_VERSION);
    });
  }
}

function wire(r: D1Result): WireResult {
  return { results: r.results as Record<string, unknown>[], meta: r.meta as WireResult["meta"] };
}
