import type { Money } from "../../../app/lib/api/entities";
import { PlatformError } from "../../../app/lib/api/errors";

/**
 * The wallet (decision 0010): the one way money moves. Game rounds, bonuses, wheel purchases and
 * the loyalty shop call `applyOperation`; everyone reads with `readBalances`.
 *
 * One operation is one D1 batch() — one transaction: the operation row (its idempotency key is
 * UNIQUE per player), the balance rows it needs, each balance UPDATE with its ledger row, and the
 * result. If any statement fails, nothing is applied: an overdraft fails the balance CHECK, a
 * repeated key fails the UNIQUE, and the wallet turns those into a declined operation and a replay.
 */

/** SPEC §3 Account info: balance_main, balance_bonus, balance_betting_bonus, balance_fun. */
export const BALANCE_KINDS = ["main", "bonus", "betting_bonus", "fun"] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];
/** Real money: every kind but the demo-play fun balance. */
export const REAL_MONEY_KINDS = ["main", "bonus", "betting_bonus"] as const satisfies readonly BalanceKind[];

/** What an operation is, as the ledger records it. New features add their type here. */
export const OPERATION_TYPES = [
  "deposit",
  "withdrawal",
  "withdrawal_cancel",
  "bet",
  "win",
  "refund",
  "bonus",
  "purchase",
  "fun_grant",
  "adjustment",
  "jackpot_win",
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export type Balances = Record<BalanceKind, Money>;

export interface BalanceChange {
  kind: BalanceKind;
  /** Integer minor units, non-zero: positive credits, negative debits. */
  delta: number;
  /** The ledger row's type when it differs from the operation's (a round's `bet` and `win` legs). */
  type?: OperationType;
}

export interface WalletOperation {
  uid: number;
  /** Idempotency key, 8–100 characters, unique per player: a repeat answers the first result. */
  key: string;
  type: OperationType;
  /** What the operation belongs to: a transaction id, a round id, a purchase id… */
  reference?: string;
  /** At most one debit and one credit per kind (debits apply first); all of them apply, or none. */
  changes: BalanceChange[];
}

export interface OperationResult {
  operationId: string;
  /** Every balance of the player right after the operation (for a replay: after the first run). */
  balances: Balances;
  /** True when the key had been used: nothing moved this time. */
  replayed: boolean;
}

/** The demo balance every player starts with: 1,000.00 in minor units, granted once. */
export const FUN_GRANT_AMOUNT = 100_000;
export const funGrantKey = (uid: number) => `fun-grant:${uid}`;

/** The largest single change, far below SQLite's integer range (balances cap at 10^15). */
export const MAX_DELTA = 10_000_000_000_000;

const KEY_PATTERN = /^[\x21-\x7e]{8,100}$/;

/** Moves money atomically and at most once per key. See the module comment. */
export async function applyOperation(db: D1Database, op: WalletOperation): Promise<OperationResult> {
  const changes = validateOperation(op);
  const reference = op.reference ?? null;
  const fingerprint = JSON.stringify({ type: op.type, reference, changes });

  const [user, prior] = await db.batch([
    db.prepare("SELECT 1 AS known FROM users WHERE uid = ?1").bind(op.uid),
    selectOperation(db, op.uid, op.key),
  ]);
  if (!user!.results.length) throw invalid("uid", "No such player");
  const earlier = prior!.results[0] as StoredOperation | undefined;
  if (earlier) return replay(earlier, fingerprint);

  const id = crypto.randomUUID();
  const now = Date.now();
  const statements = [
    db
      .prepare(
        `INSERT INTO wallet_operations (id, uid, key, type, reference, fingerprint, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)`,
      )
      .bind(id, op.uid, op.key, op.type, reference, fingerprint, now),
    // Missing balance rows start at 0 in the player's currency, inside the same transaction.
    db
      .prepare(
        `INSERT OR IGNORE INTO balances (uid, kind, currency, amount, updated_at)
         SELECT u.uid, k.value, u.currency, 0, ?2 FROM users u, json_each(?3) k WHERE u.uid = ?1`,
      )
      .bind(op.uid, now, JSON.stringify(BALANCE_KINDS)),
    ...changes.flatMap((c) => [
      db
        .prepare("UPDATE balances SET amount = amount + ?3, updated_at = ?4 WHERE uid = ?1 AND kind = ?2")
        .bind(op.uid, c.kind, c.delta, now),
      db
        .prepare(
          `INSERT INTO ledger (operation_id, uid, kind, delta, balance_after, currency, type, reference, created_at)
           SELECT ?1, uid, kind, ?4, amount, currency, ?5, ?6, ?7 FROM balances WHERE uid = ?2 AND kind = ?3`,
        )
        .bind(id, op.uid, c.kind, c.delta, c.type ?? op.type, reference, now),
    ]),
    db
      .prepare(
        `UPDATE wallet_operations SET result = (
           SELECT json_group_object(kind, json_object('amount', amount, 'currency', currency))
           FROM balances WHERE uid = ?2
         ) WHERE id = ?1 RETURNING result`,
      )
      .bind(id, op.uid),
  ];

  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (e) {
    const message = errorText(e);
    if (/UNIQUE constraint failed: wallet_operations/i.test(message)) {
      // The same key won a race: answer its result, as if this call had come second.
      const first = await selectOperation(db, op.uid, op.key).first<StoredOperation>();
      if (first) return replay(first, fingerprint);
    }
    if (/balance_not_negative/.test(message)) throw await insufficientFunds(db, op.uid, changes);
    if (/balance_within_limit/.test(message)) {
      throw new PlatformError("BillingTransactionDeclined", "The balance would exceed its limit");
    }
    throw e;
  }
  const stored = results.at(-1)!.results[0] as { result: string };
  return { operationId: id, balances: completeBalances(JSON.parse(stored.result)), replayed: false };
}

/**
 * A player's four balances. The first read grants the demo fun balance, through applyOperation
 * with a fixed key, so concurrent first reads grant it once.
 */
export async function readBalances(db: D1Database, uid: number): Promise<Balances> {
  const snapshot = await readSnapshot(db, uid);
  if (snapshot.funGranted) return snapshot.balances;
  await applyOperation(db, {
    uid,
    key: funGrantKey(uid),
    type: "fun_grant",
    changes: [{ kind: "fun", delta: FUN_GRANT_AMOUNT }],
  });
  return (await readSnapshot(db, uid)).balances;
}

/** The SPEC §3 Account info fields of a player's balances. */
export function balanceFields(b: Balances) {
  return {
    balance_main: b.main,
    balance_bonus: b.bonus,
    balance_betting_bonus: b.betting_bonus,
    balance_fun: b.fun,
  };
}

interface StoredOperation {
  id: string;
  fingerprint: string;
  result: string | null;
}

function selectOperation(db: D1Database, uid: number, key: string): D1PreparedStatement {
  return db.prepare("SELECT id, fingerprint, result FROM wallet_operations WHERE uid = ?1 AND key = ?2").bind(uid, key);
}

function replay(first: StoredOperation, fingerprint: string): OperationResult {
  if (first.fingerprint !== fingerprint) {
    throw invalid("key", "idempotency key reused with different parameters");
  }
  return { operationId: first.id, balances: completeBalances(JSON.parse(first.result ?? "{}")), replayed: true };
}

async function readSnapshot(db: D1Database, uid: number): Promise<{ balances: Balances; funGranted: boolean }> {
  // One batch is one consistent read of the user, their balances and the grant.
  const [user, rows, grant] = await db.batch([
    db.prepare("SELECT currency FROM users WHERE uid = ?1").bind(uid),
    db.prepare("SELECT kind, amount, currency FROM balances WHERE uid = ?1").bind(uid),
    db.prepare("SELECT 1 FROM wallet_operations WHERE uid = ?1 AND key = ?2").bind(uid, funGrantKey(uid)),
  ]);
  const currency = (user!.results[0] as { currency: string } | undefined)?.currency;
  if (currency === undefined) throw new PlatformError("Authorization", "Sign in to continue");
  const found: Partial<Balances> = {};
  for (const r of rows!.results as { kind: BalanceKind; amount: number; currency: string }[]) {
    found[r.kind] = { amount: r.amount, currency: r.currency };
  }
  return { balances: completeBalances(found, currency), funGranted: grant!.results.length > 0 };
}

/** All four kinds; a kind without a row yet is 0 in the player's currency. */
function completeBalances(found: Partial<Balances>, currency?: string): Balances {
  const fallback = currency ?? Object.values(found)[0]?.currency ?? "";
  const out = {} as Balances;
  for (const kind of BALANCE_KINDS) out[kind] = found[kind] ?? { amount: 0, currency: fallback };
  return out;
}

/** Checks an operation; answers its changes in a canonical order (by kind) for the fingerprint. */
function validateOperation(op: WalletOperation): BalanceChange[] {
  if (!Number.isSafeInteger(op.uid) || op.uid <= 0) throw invalid("uid", "uid must be a player id");
  if (typeof op.key !== "string" || !KEY_PATTERN.test(op.key)) {
    throw invalid("key", "The idempotency key must be 8 to 100 printable characters without spaces");
  }
  if (!(OPERATION_TYPES as readonly string[]).includes(op.type)) throw invalid("type", `Unknown operation type '${String(op.type)}'`);
  if (op.reference !== undefined && (typeof op.reference !== "string" || op.reference.length > 200)) {
    throw invalid("reference", "The reference must be text of at most 200 characters");
  }
  if (!Array.isArray(op.changes) || op.changes.length === 0) throw invalid("changes", "An operation changes at least one balance");
  const seen = new Set<string>();
  for (const c of op.changes) {
    if (!(BALANCE_KINDS as readonly string[]).includes(c?.kind)) throw invalid("changes", `Unknown balance kind '${String(c?.kind)}'`);
    if (!Number.isSafeInteger(c.delta) || c.delta === 0 || Math.abs(c.delta) > MAX_DELTA) {
      throw invalid("changes", `The change of '${c.kind}' must be a non-zero integer amount of minor units up to ${MAX_DELTA}`);
    }
    // One debit and one credit per kind at most: a round's bet and win on the same balance.
    const leg = `${c.kind}:${c.delta < 0 ? "debit" : "credit"}`;
    if (seen.has(leg)) throw invalid("changes", `Balance '${c.kind}' is ${c.delta < 0 ? "debited" : "credited"} twice`);
    seen.add(leg);
    if (c.type !== undefined && !(OPERATION_TYPES as readonly string[]).includes(c.type)) {
      throw invalid("changes", `Unknown operation type '${String(c.type)}'`);
    }
  }
  // Canonical order (the fingerprint's): by kind, and within a kind the debit first, so an
  // overdraft fails its UPDATE before the credit could cover it.
  return op.changes
    .map((c) => (c.type === undefined ? { kind: c.kind, delta: c.delta } : { kind: c.kind, delta: c.delta, type: c.type }))
    .sort((a, b) => BALANCE_KINDS.indexOf(a.kind) - BALANCE_KINDS.indexOf(b.kind) || Math.sign(a.delta) - Math.sign(b.delta));
}

/** BillingTransactionDeclined "Insufficient funds", naming the balances that fell short. */
async function insufficientFunds(db: D1Database, uid: number, changes: BalanceChange[]): Promise<PlatformError> {
  const { results } = await db.prepare("SELECT kind, amount FROM balances WHERE uid = ?1").bind(uid).all<{ kind: string; amount: number }>();
  const amount = new Map(results.map((r) => [r.kind, r.amount]));
  const kinds = changes.filter((c) => (amount.get(c.kind) ?? 0) + c.delta < 0).map((c) => c.kind);
  return new PlatformError("BillingTransactionDeclined", "Insufficient funds", { params: { kinds } });
}

function invalid(field: string, message: string): PlatformError {
  return new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });
}

/** The driver's message and its cause's: constraint names may sit in either. */
function errorText(e: unknown): string {
  const parts: string[] = [];
  for (let cur: unknown = e, depth = 0; cur && depth < 3; depth++) {
    parts.push(cur instanceof Error ? cur.message : String(cur));
    cur = cur instanceof Error ? cur.cause : undefined;
  }
  return parts.join(" | ");
}
