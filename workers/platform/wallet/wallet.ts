import { PlatformError } from "../../../core/api/errors";
import {
  completeBalances,
  FUN_GRANT_AMOUNT,
  funGrantKey,
  invalid,
  planOperation,
  planResult,
  type BalanceChange,
  type Balances,
  type BalanceKind,
  type Guard,
  type OperationPlan,
  type OperationResult,
  type WalletOperation,
} from "./operation";

export * from "./operation";

/**
 * The wallet (decision 0010): the one way money moves. Game rounds, bonuses, wheel purchases and
 * the loyalty shop call `applyOperation`; everyone reads with `readBalances`. A feature whose own
 * rows must change in the same transaction as the money (the cashier: decision 0022) plans the
 * operation (`planOperation`, operation.ts) and runs it with its statements via `applyPlan`.
 *
 * One operation is one D1 batch() — one transaction: the operation row (its idempotency key is
 * UNIQUE per player), the balance rows it needs, each balance UPDATE with its ledger row, and the
 * result. If any statement fails, nothing is applied: an overdraft fails the balance CHECK, which
 * the wallet turns into a declined operation; a repeated key inserts no operation row, so nothing
 * else of the plan applies, and the wallet answers the first run (a replay).
 */

/**
 * Moves money atomically and at most once per key. See the module comment. `alongside`: the
 * caller's statements, run before the operation in its batch only when the key is new (a round's
 * wagering advance, a bonus's state change); they must guard themselves against a concurrent run
 * of the same key. `when`: the operation's guard (planOperation), checked after them; when it was
 * false nothing moved, and the answer says so as a replay does (`replayed`, no operation id).
 * `out.alongside`: set to the `alongside` statements' results when their batch ran (their RETURNING rows).
 */
export async function applyOperation(
  db: D1Database,
  op: WalletOperation,
  alongside: D1PreparedStatement[] = [],
  when?: Guard,
  out?: { alongside?: D1Result[] },
): Promise<OperationResult> {
  const plan = planOperation(db, op, when);
  const [user, prior] = await db.batch([db.prepare("SELECT 1 AS known FROM users WHERE uid = ?1").bind(op.uid), selectOperation(db, op.uid, op.key)]);
  if (!user!.results.length) throw invalid("uid", "No such player");
  const earlier = prior!.results[0] as StoredOperation | undefined;
  if (earlier) return replay(earlier, plan.fingerprint);

  const { applied, results } = await applyPlan(db, alongside, plan);
  if (out) out.alongside = results;
  if (applied) return applied;
  // The same key won a race: answer its result, as if this call had come second.
  const first = await selectOperation(db, op.uid, op.key).first<StoredOperation>();
  if (!first && when) return { operationId: "", balances: await readBalances(db, op.uid), replayed: true };
  if (!first) throw new Error("The wallet operation neither applied nor exists");
  return replay(first, plan.fingerprint);
}

/**
 * Runs `statements`, then the plan, in one batch (one transaction). Answers the statements'
 * results and the operation's result, or `applied: null` when its key was used before or its
 * guard was false (nothing of it moved). An overdraft declines the whole batch: the caller's
 * statements are rolled back with it, and the error is the wallet's BillingTransactionDeclined.
 */
export async function applyPlan(
  db: D1Database,
  statements: D1PreparedStatement[],
  plan: OperationPlan,
): Promise<{ results: D1Result[]; applied: OperationResult | null }> {
  let results: D1Result[];
  try {
    results = await db.batch([...statements, ...plan.statements]);
  } catch (e) {
    const message = errorText(e);
    if (/balance_not_negative/.test(message)) throw await insufficientFunds(db, plan.uid, plan.changes);
    if (/balance_within_limit/.test(message)) {
      throw new PlatformError("BillingTransactionDeclined", "The balance would exceed its limit");
    }
    throw e;
  }
  const balances = planResult(results.slice(statements.length));
  return {
    results: results.slice(0, statements.length),
    applied: balances && { operationId: plan.id, balances, replayed: false },
  };
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

/** BillingTransactionDeclined "Insufficient funds", naming the balances that fell short. */
async function insufficientFunds(db: D1Database, uid: number, changes: BalanceChange[]): Promise<PlatformError> {
  const { results } = await db.prepare("SELECT kind, amount FROM balances WHERE uid = ?1").bind(uid).all<{ kind: string; amount: number }>();
  const amount = new Map(results.map((r) => [r.kind, r.amount]));
  const kinds = changes.filter((c) => (amount.get(c.kind) ?? 0) + c.delta < 0).map((c) => c.kind);
  return new PlatformError("BillingTransactionDeclined", "Insufficient funds", { params: { kinds } });
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
