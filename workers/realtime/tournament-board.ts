import { LEADERBOARD_EVENT, LEADERBOARD_ME_EVENT, LEADERBOARD_PAGE, type LeaderboardRow } from "../../core/api/contract-tournaments";
import { type BoardEntry, isBoardEntry, Ranking } from "./board-ranking";
import { maskedName } from "../platform/core/names";
import { type OwedEntry, readEntries, readPrizedPlaces, writeOwed } from "./board-record";
import { SocketHub } from "./sockets";
import { OneAtATime } from "../platform/core/one-at-a-time";

/** At most one leaderboard.updated a second (DESIGN §7: live state in Durable Objects, broadcasts batched). */
export const BROADCAST_EVERY_MS = 1000;
/**
 * While busy, the owed totals reach D1 at most once a second per tournament, all in one statement;
 * when the last write is older than that, at once (decision 0075).
 */
export const FLUSH_EVERY_MS = 1000;
/** The request header the Worker's route sets to the signed-in player's uid (a client's own is dropped). */
export const BOARD_UID_HEADER = "x-playfront-board-uid";
/** The request header the Worker's route sets to the tournament id (the object learns its id from it or an RPC). */
export const BOARD_TOURNAMENT_HEADER = "x-playfront-board-tournament";

/** What the read RPC answers (the Leaderboard of the contract, without the socket path). */
export interface LiveBoard {
  tournament_id: number;
  items: LeaderboardRow[];
  total: number;
  me: LeaderboardRow | null;
  points_to_prize: number | null;
  version: number;
}

interface SocketState {
  uid: number;
  /** The leaderboard.me row last sent (JSON), so a player hears only when their row changed. */
  sent?: string;
}

/**
 * TournamentBoard: one Durable Object per tournament (`idFromName(String(id))`, decision 0048)
 * holding its live ranking in memory and every `/realtime/tournaments/{id}` socket (hibernating,
 * sockets.ts). The platform posts absolute totals after its D1 batch committed (`postScores`);
 * the object's SQLite storage keeps them so a restart needs no D1, and an empty storage is filled
 * once from D1 tournament_entries (the record), so a board can always be rebuilt. Changes are
 * coalesced: a post only updates memory; an alarm, at most once a second, saves the changed rows
 * in one transaction and broadcasts the top and the changed players' own rows.
 *
 * Since the players' points are in their objects (decision 0075), the board also keeps the record
 * (D1 tournament_entries) for them: a player's object delivers its changed totals here (`record`,
 * versioned by the player's last points row), stored in the board's `owed` table before the call
 * answers, and the board writes every owed total to D1 in one statement at most once a second
 * while busy (at once when idle), so a round writes nothing to D1 itself. Whoever reads the record
 * and must see every committed round asks the board first (`flushed`): the leaderboard, the end of
 * the tournament; the board's own reads do the same.
 */
export class TournamentBoard extends SocketHub {
  protected readonly maxSockets = 10_000;
  private readonly ranking = new Ranking();
  private tournamentId = 0;
  private version = 0;
  private broadcastVersion = -1;
  private lastBroadcast = 0;
  private alarmSet = false;
  private prizedPlaces: number | null = null;
  private loading: Promise<void> | null = null;
  private loaded = false;
  /** uids whose rows changed in memory since the last save. */
  private readonly unsaved = new Set<number>();
  /** When owed totals were last written to D1, and the write under way. */
  private lastFlush = 0;
  private readonly writer = new OneAtATime();
  /** What this instance wrote to D1 for owed totals (the players bench reads it: board-bench.ts). */
  private readonly writes = { statements: 0, rows: 0 };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS entries (uid INTEGER PRIMARY KEY, player TEXT NOT NULL, points INTEGER NOT NULL, reached_at INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS owed (uid INTEGER PRIMARY KEY, points INTEGER NOT NULL, reached_at INTEGER, version INTEGER NOT NULL)`);
    for (const r of sql.exec<{ uid: number; player: string; points: number; reached_at: number }>("SELECT * FROM entries")) this.ranking.apply(r);
    const meta = new Map(
      sql
        .exec<{ key: string; value: number }>("SELECT key, value FROM meta")
        .toArray()
        .map((r) => [r.key, r.value]),
    );
    this.tournamentId = meta.get("tournament_id") ?? 0;
    this.version = meta.get("version") ?? 0;
    this.lastBroadcast = meta.get("last_broadcast") ?? 0;
  }

  protected override socketTags(request: Request): string[] {
    const uid = Number(request.headers.get(BOARD_UID_HEADER) ?? 0);
    return Number.isSafeInteger(uid) && uid > 0 ? [`u:${uid}`] : [];
  }

  override async fetch(request: Request): Promise<Response> {
    if (!this.loaded) await this.load(Number(request.headers.get(BOARD_TOURNAMENT_HEADER) ?? 0));
    return super.fetch(request);
  }

  /**
   * A new socket starts from the board as it is (the top, and a signed-in player's own row), so
   * nothing that changed between the page's leaderboard.live and the handshake is missed.
   */
  protected override accepted(ws: WebSocket, request: Request): void {
    const ts = Date.now();
    ws.send(JSON.stringify({ event: LEADERBOARD_EVENT, data: this.topEvent(), ts }));
    const uid = Number(request.headers.get(BOARD_UID_HEADER) ?? 0);
    if (Number.isSafeInteger(uid) && uid > 0) this.sendMe(ws, { uid }, ts);
  }

  /** RPC: absolute totals after a committed batch; answers the board's version. */
  async post(tournamentId: number, entries: BoardEntry[]): Promise<number> {
    if (!this.loaded) await this.load(tournamentId);
    this.apply(Array.isArray(entries) ? entries : []);
    return this.version;
  }

  /**
   * RPC: a player's total owed to the record (see the class comment): kept here before the call
   * answers (a repeated or older version changes nothing), then written to D1 with the others.
   */
  async record(tournamentId: number, entry: OwedEntry): Promise<void> {
    if (!this.loaded) await this.load(tournamentId);
    if (!isOwedEntry(entry)) throw new TypeError("TournamentBoard: not an owed total");
    this.ctx.storage.sql.exec(
      `INSERT INTO owed (uid, points, reached_at, version) VALUES (?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET points = excluded.points, reached_at = excluded.reached_at, version = excluded.version
       WHERE excluded.version > owed.version`,
      entry.uid,
      entry.points,
      entry.reached_at,
      entry.version,
    );
    if (this.writer.busy || Date.now() - this.lastFlush < FLUSH_EVERY_MS) {
      this.schedule();
      return;
    }
    // Idle: written now. The alarm is set first: kept if D1 fails, and if the process dies during
    // the write, the alarm (which outlives it) writes the owed totals after the restart.
    this.schedule();
    await this.flush().catch((e) => {
      console.error("tournament board: writing owed totals failed, the alarm retries", e instanceof Error ? e.message : e);
    });
  }

  /** RPC: once every total owed when it was called is in D1 (it throws if D1 cannot be written). */
  async flushed(tournamentId: number): Promise<void> {
    if (!this.loaded) await this.load(tournamentId);
    await this.flush();
  }

  /** Writes the owed totals to D1, one write at a time (a call during one waits, then writes what came meanwhile). */
  private flush(): Promise<void> {
    return this.writer.run(() => this.writeOwed());
  }

  private async writeOwed(): Promise<void> {
    const sql = this.ctx.storage.sql;
    const owed = sql
      .exec<{ uid: number; points: number; reached_at: number | null; version: number }>("SELECT uid, points, reached_at, version FROM owed")
      .toArray();
    if (!owed.length) return;
    this.lastFlush = Date.now();
    const { rows, written } = await writeOwed(this.env.DB, this.tournamentId, owed, this.lastFlush);
    this.writes.statements += 2;
    this.writes.rows += written;
    // What is in D1 now leaves the owed list, unless a newer total came meanwhile.
    this.ctx.storage.transactionSync(() => {
      for (const o of owed) sql.exec("DELETE FROM owed WHERE uid = ? AND version = ?", o.uid, o.version);
    });
    // The record's rows as they are now (versioned there): taken as they are, a lower total too.
    this.apply(
      rows.map((r) => ({ uid: r.uid, player: maskedName(r.fakename ?? "", r.login), points: r.points, reached_at: r.reached_at })),
      true,
    );
  }

  /**
   * Takes the newer totals into memory (`fromRecord`: the record's own rows, whatever they hold);
   * one version step (and one alarm) per call. Storage follows at the tick.
   */
  private apply(entries: BoardEntry[], fromRecord = false): void {
    let changed = false;
    for (const e of entries) {
      if (!isBoardEntry(e) || !(fromRecord ? this.ranking.set(e) : this.ranking.apply(e))) continue;
      this.unsaved.add(e.uid);
      changed = true;
    }
    if (changed) {
      this.version++;
      this.schedule();
    }
  }

  /**
   * Writes the rows changed since the last tick in one transaction. A write per round does not
   * keep up with a busy tournament (each is its own commit); a crash loses at most a tick, which
   * the players' next posts (absolute totals) repair, and D1 stays the record.
   */
  private save(): void {
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      for (const uid of this.unsaved) {
        const e = this.ranking.get(uid)!;
        sql.exec(
          "INSERT INTO entries (uid, player, points, reached_at) VALUES (?, ?, ?, ?) ON CONFLICT (uid) DO UPDATE SET player = excluded.player, points = excluded.points, reached_at = excluded.reached_at",
          e.uid,
          e.player,
          e.points,
          e.reached_at,
        );
      }
      this.setMeta("version", this.version);
      this.setMeta("last_broadcast", this.lastBroadcast);
    });
    this.unsaved.clear();
  }

  /** RPC: the first `count` rows, the reader's row and what they need for a prize. */
  async live(tournamentId: number, uid: number, count = LEADERBOARD_PAGE, prizedPlaces?: number | null): Promise<LiveBoard> {
    if (!this.loaded) await this.load(tournamentId);
    await this.flush().catch(() => this.schedule());
    const prized = prizedPlaces === undefined ? this.prizedPlaces : prizedPlaces;
    return {
      tournament_id: tournamentId,
      items: this.ranking.top(count, uid),
      total: this.ranking.ranked().length,
      me: this.ranking.row(uid),
      points_to_prize: this.ranking.pointsToPrize(uid, prized),
      version: this.version,
    };
  }

  /**
   * RPC: player `uid`'s row on this board once every owed total is in (null: no points), ranked
   * from memory, so a reader's rank costs no read of the entries ahead of them (issue 39).
   */
  async rankOf(tournamentId: number, uid: number): Promise<LeaderboardRow | null> {
    if (!this.loaded) await this.load(tournamentId);
    await this.flush().catch(() => this.schedule());
    return Number.isSafeInteger(uid) ? this.ranking.row(uid) : null;
  }

  /** RPC: what this instance wrote to D1 for owed totals (statements, rows written), for the bench. */
  async d1Writes(): Promise<{ statements: number; rows: number }> {
    return { ...this.writes };
  }

  /** RPC: the first `count` rows (no reader). */
  async top(tournamentId: number, count: number): Promise<{ tournament_id: number; items: LeaderboardRow[]; version: number }> {
    if (!this.loaded) await this.load(tournamentId);
    await this.flush().catch(() => this.schedule());
    return { tournament_id: tournamentId, items: this.ranking.top(count), version: this.version };
  }

  override async alarm(): Promise<void> {
    this.alarmSet = false;
    if (!this.loaded && this.tournamentId > 0) await this.load(this.tournamentId);
    // The owed totals first, so the broadcast shows them; if D1 fails they stay owed for the next tick.
    let failed = false;
    await this.flush().catch((e) => {
      failed = true;
      console.error("tournament board: writing owed totals failed, retried at the next tick", e instanceof Error ? e.message : e);
    });
    this.lastBroadcast = Date.now();
    this.save();
    this.broadcast(this.lastBroadcast);
    if (failed) this.schedule();
  }

  /** One leaderboard.updated (when the board moved) and leaderboard.me to each player whose row changed. */
  private broadcast(ts: number): void {
    if (this.version !== this.broadcastVersion) {
      this.broadcastVersion = this.version;
      this.publish({ event: LEADERBOARD_EVENT, data: this.topEvent(), ts });
    }
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as SocketState | null;
      if (state?.uid) this.sendMe(ws, state, ts);
    }
  }

  /** leaderboard.updated's data: the top rows as everyone sees them (no is_me). */
  private topEvent() {
    const items = this.ranking.top(LEADERBOARD_PAGE).map(({ is_me: _, ...row }) => row);
    return { tournament_id: this.tournamentId, items, total: this.ranking.ranked().length, version: this.version };
  }

  /** leaderboard.me to a player's socket, unless it already has this very row. */
  private sendMe(ws: WebSocket, state: SocketState, ts: number): void {
    const data = {
      tournament_id: this.tournamentId,
      row: this.ranking.row(state.uid),
      points_to_prize: this.ranking.pointsToPrize(state.uid, this.prizedPlaces),
    };
    const text = JSON.stringify(data);
    if (text === state.sent) return;
    try {
      ws.send(JSON.stringify({ event: LEADERBOARD_ME_EVENT, data, ts }));
      ws.serializeAttachment({ uid: state.uid, sent: text } satisfies SocketState);
    } catch {
      // Closing right now: its close handler cleans up.
    }
  }

  /** Coalesces changes: the broadcast runs at the alarm, never sooner than a second after the last. */
  private schedule(): void {
    if (this.alarmSet) return;
    this.alarmSet = true;
    void this.ctx.storage.setAlarm(Math.max(Date.now(), this.lastBroadcast + BROADCAST_EVERY_MS));
  }

  private setMeta(key: string, value: number): void {
    this.ctx.storage.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  /** Once per instance: the prized places from D1, and the entries from D1 when storage holds none. */
  private load(tournamentId: number): Promise<void> {
    this.loading ??= (async () => {
      if (!this.tournamentId && Number.isSafeInteger(tournamentId) && tournamentId > 0) {
        this.tournamentId = tournamentId;
        this.setMeta("tournament_id", tournamentId);
      }
      const id = this.tournamentId;
      this.prizedPlaces = await readPrizedPlaces(this.env.DB, id);
      if (this.ranking.size === 0) {
        this.apply(await readEntries(this.env.DB, id));
      }
    })();
    const loading = this.loading;
    return loading.then(() => {
      this.loaded = true;
    });
  }
}

/** The tournament's board. */
export function tournamentBoard(env: Env, tournamentId: number) {
  return env.TOURNAMENT_BOARD.get(env.TOURNAMENT_BOARD.idFromName(String(tournamentId)));
}

/**
 * The platform's side (the fixed interface of decision 0048): absolute totals posted after the
 * batch that changed them committed, from a waitUntil promise. Best effort — D1 is the record and
 * the board can be rebuilt from it — so a failure is only logged. Never throws.
 */
export async function postScores(
  env: Env,
  tournamentId: number,
  entries: { uid: number; player: string; points: number; reached_at: number }[],
): Promise<void> {
  if (!entries.length || !(tournamentId > 0)) return;
  try {
    await tournamentBoard(env, tournamentId).post(tournamentId, entries);
  } catch (e) {
    console.error("realtime: posting tournament scores failed", e instanceof Error ? e.message : e);
  }
}

function isOwedEntry(e: unknown): e is OwedEntry {
  const v = e as OwedEntry;
  return (
    typeof v === "object" &&
    v !== null &&
    Number.isSafeInteger(v.uid) &&
    v.uid > 0 &&
    Number.isSafeInteger(v.points) &&
    v.points >= 0 &&
    (v.reached_at === null || Number.isSafeInteger(v.reached_at)) &&
    Number.isSafeInteger(v.version)
  );
}

/**
 * Once every total owed to the tournament's record (D1 tournament_entries) is written: for a
 * reader that must see every committed round (decision 0075). Throws if the board cannot write.
 */
export async function flushBoard(env: Env, tournamentId: number): Promise<void> {
  await tournamentBoard(env, tournamentId).flushed(tournamentId);
}
