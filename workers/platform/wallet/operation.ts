import type { Money } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";

/**
 * What a wallet operation is, and the D1 statements that apply it (decision 0010, 0022). The
 * statements are a plan the caller may run inside a batch of its own — a deposit callback records
 * the event, moves the status and credits in one transaction — while the wallet stays the only
 * writer of balances: nothing outside this folder builds a statement that touches them.
 *
 * The plan's first statement inserts the operation row, and every later one runs only if that row
 * exists (`EXISTS … WHERE id = <this plan's fresh id>`). So the operation row is the gate: it is
 * not inserted when the key was used before (ON CONFLICT DO NOTHING) or when the caller's guard —
 * a SQL condition evaluated inside the batch, after the caller's own earlier statements — is false,
 * and then the plan changes nothing. A batch cannot hand JS results from one statement to the next;
 * the gate carries the decision in the database instead.
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
  "cashback",
  "loyalty_reward",
  "wheel_reward",
  "wheel_purchase",
  "tournament_prize",
  "challenge_prize",
  "sport_bet",
  "sport_win",
  "sport_refund",
  "sport_cashout",
  "vpn_purchase",
  "vpn_renewal",
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

/**
 * A SQL condition the operation applies under, checked inside the batch when its operation row is
 * inserted: e.g. `EXISTS (SELECT 1 FROM cashier_transactions WHERE id = ?1 AND status = 'success')`.
 * Its parameters are numbered ?1, ?2… of its own (no bare `?`).
 */
export interface Guard {
  sql: string;
  params: unknown[];
}

/** A guard's SQL with its parameters numbered after the `own` parameters of the statement it joins (?1 → ?own+1…). */
export function guardAfter(when: Guard, own: number): string {
  if (/\?(?!\d)/.test(when.sql)) throw new Error("A guard numbers its parameters (?1, ?2…)");
  return when.sql.replace(/\?(\d+)/g, (_, n: string) => `?${Number(n) + own}`);
}

export interface OperationPlan {
  /** The operation row's id: fresh, so the row exists after the batch only if this plan applied. */
  id: string;
  uid: number;
  key: string;
  /** Canonical JSON of type, reference and changes: a reused key with other content is refused. */
  fingerprint: string;
  changes: BalanceChange[];
  statements: D1PreparedStatement[];
}

/** The first statement's own parameters (?1–?7); a guard's are numbered after them. */
const OWN_PARAMS = 7;

/** Builds the statements of an operation (validated here); see the module comment. */
export function planOperation(db: D1Database, op: WalletOperation, when?: Guard): OperationPlan {
  const changes = validateOperation(op);
  const reference = op.reference ?? null;
  const fingerprint = JSON.stringify({ type: op.type, reference, changes });
  const id = crypto.randomUUID();
  const now = Date.now();
  const guard = when ? guardAfter(when, OWN_PARAMS) : "1";
  // Every later statement applies only if this plan's operation row was inserted (?n: its id).
  const applied = (n: number) => `EXISTS (SELECT 1 FROM wallet_operations WHERE id = ?${n})`;
  const statements = [
    db
      .prepare(
        `INSERT INTO wallet_operations (id, uid, key, type, reference, fingerprint, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ${guard}
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(id, op.uid, op.key, op.type, reference, fingerprint, now, ...(when?.params ?? [])),
    // Missing balance rows start at 0 in the player's currency, inside the same transaction.
    db
      .prepare(
        `INSERT OR IGNORE INTO balances (uid, kind, currency, amount, updated_at)
         SELECT u.uid, k.value, u.currency, 0, ?2 FROM users u, json_each(?3) k
         WHERE u.uid = ?1 AND ${applied(4)}`,
      )
      .bind(op.uid, now, JSON.stringify(BALANCE_KINDS), id),
    ...changes.flatMap((c) => [
      db
        .prepare(`UPDATE balances SET amount = amount + ?3, updated_at = ?4 WHERE uid = ?1 AND kind = ?2 AND ${applied(5)}`)
        .bind(op.uid, c.kind, c.delta, now, id),
      db
        .prepare(
          `INSERT INTO ledger (operation_id, uid, kind, delta, balance_after, currency, type, reference, created_at)
           SELECT ?1, uid, kind, ?4, amount, currency, ?5, ?6, ?7 FROM balances WHERE uid = ?2 AND kind = ?3 AND ${applied(1)}`,
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
  return { id, uid: op.uid, key: op.key, fingerprint, changes, statements };
}

/** The balances after a plan ran in a batch (its statements' results, in order), or null if it did not apply. */
export function planResult(results: D1Result[]): Balances | null {
  const stored = results.at(-1)?.results[0] as { result: string } | undefined;
  return stored ? completeBalances(JSON.parse(stored.result)) : null;
}

/** All four kinds; a kind without a row yet is 0 in the player's currency. */
export function completeBalances(found: Partial<Balances>, currency?: string): Balances {
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

export function invalid(field: string, message: string): PlatformError {
  return new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });
}
