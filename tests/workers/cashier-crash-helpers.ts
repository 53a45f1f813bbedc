import { env } from "cloudflare:workers";
import { playerDb } from "./player-db";

/**
 * Shared by cashier-crash.test.ts: a D1 that kills "the Worker" at a chosen call. Once killed,
 * every further call of that Worker throws too — a dead Worker runs no catch handler, no cleanup —
 * so the state left behind is exactly what the calls before the crash committed.
 */

export class WorkerKilled extends Error {
  constructor() {
    super("the Worker was killed here (injected crash)");
  }
}

/** When to crash, counted over every D1 call of a whole scenario (all its Workers). */
export class Faults {
  calls = 0;
  crashes: number[] = [];
  /** Off while a scenario sets up what the path under test starts from: those calls neither count nor crash. */
  armed = true;
  constructor(private readonly crashHere: (call: number) => boolean) {}

  /** Crashes at exactly the `n`th call of the scenario (1-based); never again. */
  static at(n: number): Faults {
    return new Faults((call) => call === n);
  }

  /** Crashes each call with probability `p`, deterministically for a seed. */
  static random(rng: () => number, p: number): Faults {
    return new Faults(() => rng() < p);
  }

  next(): boolean {
    if (!this.armed) return false;
    this.calls++;
    const crash = this.crashHere(this.calls);
    if (crash) this.crashes.push(this.calls);
    return crash;
  }
}

/**
 * One Worker invocation's database: dies at the call Faults chooses. `worker`: shared by the
 * databases of one Worker (D1 and the player's tables), which die together.
 */
export class CrashingD1 {
  constructor(
    readonly real: D1Database,
    private readonly faults: Faults,
    private readonly worker: { dead: boolean } = { dead: false },
  ) {}

  tick(): void {
    if (this.worker.dead) throw new WorkerKilled();
    if (this.faults.next()) {
      this.worker.dead = true;
      throw new WorkerKilled();
    }
  }

  prepare(sql: string): CrashingStatement {
    return new CrashingStatement(this, this.real.prepare(sql));
  }

  async batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    this.tick();
    return this.real.batch<T>(statements.map((s) => (s as unknown as CrashingStatement).inner));
  }

  async exec(query: string): Promise<D1ExecResult> {
    this.tick();
    return this.real.exec(query);
  }

  withSession(): never {
    throw new Error("not used by the cashier");
  }

  dump(): never {
    throw new Error("not used by the cashier");
  }
}

class CrashingStatement {
  constructor(
    private readonly db: CrashingD1,
    readonly inner: D1PreparedStatement,
  ) {}

  bind(...values: unknown[]): CrashingStatement {
    return new CrashingStatement(this.db, this.inner.bind(...values));
  }

  async first<T>(column?: string): Promise<T | null> {
    this.db.tick();
    return column === undefined ? this.inner.first<T>() : this.inner.first<T>(column);
  }

  async run<T>(): Promise<D1Result<T>> {
    this.db.tick();
    return this.inner.run<T>();
  }

  async all<T>(): Promise<D1Result<T>> {
    this.db.tick();
    return this.inner.all<T>();
  }

  async raw<T>(options?: { columnNames?: boolean }): Promise<T[]> {
    this.db.tick();
    return this.inner.raw<T>(options as { columnNames: false });
  }
}

/** A small seeded PRNG (mulberry32, the sports feed's): the same seed replays the same scenario. */
export { mulberry32 as prng } from "../../workers/platform/sportsbook/feed-odds";

let players = 0;

/** A player who may withdraw (confirmed email, name and date of birth), made straight in D1; answers the uid. */
export async function cashierPlayerRow(): Promise<number> {
  const now = Date.now();
  const login = `crash${now.toString(36)}${++players}`;
  const row = await env.DB.prepare(
    `INSERT INTO users (login, password_changed_at, created_at, locale, currency, first_name, last_name, birth_date)
     VALUES (?1, ?2, ?2, 'en', 'USD', 'Ann', 'Lee', '1990-01-02') RETURNING uid`,
  )
    .bind(login, now)
    .first<{ uid: number }>();
  await env.DB.prepare("INSERT INTO contacts (uid, type, contact, is_confirmed, created_at) VALUES (?1, 'email', ?2, 1, ?3)")
    .bind(row!.uid, `${login}@example.com`, now)
    .run();
  return row!.uid;
}

/**
 * What must hold for a player once reconciliation has run, whatever crashed: answers every
 * violation found (empty when the books are right).
 */
export async function moneyViolations(uid: number): Promise<string[]> {
  const out: string[] = [];
  const q = async <T>(sql: string, db: D1Database = playerDb(uid)) => (await db.prepare(sql).bind(uid).all<T>()).results;

  for (const r of await q<{ kind: string; amount: number; sum: number }>(
    `SELECT b.kind, b.amount, COALESCE((SELECT SUM(delta) FROM ledger l WHERE l.uid = b.uid AND l.kind = b.kind), 0) AS sum
     FROM balances b WHERE b.uid = ?1`,
  )) {
    if (r.amount !== r.sum) out.push(`balance ${r.kind} is ${r.amount} but its ledger sums to ${r.sum}`);
  }

  const txs = await q<{ id: string; type: string; status: string; amount: number }>("SELECT id, type, status, amount FROM cashier_transactions WHERE uid = ?1");
  const ledger = await q<{ type: string; reference: string | null; delta: number }>("SELECT type, reference, delta FROM ledger WHERE uid = ?1");
  const legs = (type: string, id: string) => ledger.filter((l) => l.type === type && l.reference === id);
  for (const t of txs) {
    const credits = legs("deposit", t.id);
    const debits = legs("withdrawal", t.id);
    const refunds = legs("withdrawal_cancel", t.id);
    if (t.type === "deposit") {
      const want = t.status === "success" ? 1 : 0;
      if (credits.length !== want) out.push(`deposit ${t.id} is ${t.status} with ${credits.length} credits`);
      if (credits.some((c) => c.delta !== t.amount)) out.push(`deposit ${t.id} credited another amount`);
    } else {
      if (t.status === "new") out.push(`withdrawal ${t.id} is still new after reconciliation`);
      const debited = t.status === "new" ? debits.length : 1;
      if (debits.length !== debited) out.push(`withdrawal ${t.id} is ${t.status} with ${debits.length} debits`);
      if (debits.some((d) => d.delta !== -t.amount)) out.push(`withdrawal ${t.id} debited another amount`);
      const refunded = t.status === "cancel" ? 1 : 0;
      if (refunds.length !== refunded) out.push(`withdrawal ${t.id} is ${t.status} with ${refunds.length} refunds`);
    }
  }
  const known = new Set(txs.map((t) => t.id));
  for (const l of ledger) {
    if (["deposit", "withdrawal", "withdrawal_cancel"].includes(l.type) && !known.has(l.reference ?? "")) {
      out.push(`a ${l.type} of ${l.delta} for a transaction that does not exist (${l.reference})`);
    }
  }

  // What the payment system settled, the cashier settled too: no paid deposit is left behind.
  // (The demo payment system's store is the site's, in D1: its rows of the player's transactions.)
  const mine = new Map(txs.map((t) => [t.id, t.status]));
  const { results: payments } = await env.DB.prepare(
    "SELECT transaction_id, status FROM demo_payments WHERE transaction_id IN (SELECT value FROM json_each(?1))",
  )
    .bind(JSON.stringify([...mine.keys()]))
    .all<{ transaction_id: string; status: string }>();
  for (const p of payments) {
    if (["success", "fail", "cancel"].includes(p.status) && mine.get(p.transaction_id) !== p.status) {
      out.push(`deposit ${p.transaction_id}: the payment system says ${p.status}, the cashier ${mine.get(p.transaction_id)}`);
    }
  }
  return out;
}
