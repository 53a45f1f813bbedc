import { publish } from "../../realtime/publish";
import { applyOperation, applyPlan, balanceFields, type Balances, type Guard, type OperationPlan, type OperationResult, type WalletOperation } from "./wallet";

/** What moving money needs besides the database: where to publish the committed change. */
export interface MoneyDeps {
  db: D1Database;
  env: Env;
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * The way features move money: `applyOperation`, then — once committed, and not for a replay —
 * `account.balance_updated` to the player's realtime channel (SPEC §4). PlatformContext fits
 * `MoneyDeps`; pages outside /api (payment callbacks) pass env, db and waitUntil themselves.
 * Publishing runs after the answer (waitUntil) and never fails the money move: the balances are
 * in D1 whatever happens to the message.
 */
export async function moveMoney(
  deps: MoneyDeps,
  op: WalletOperation,
  alongside: D1PreparedStatement[] = [],
  when?: Guard,
  out?: { alongside?: D1Result[] },
): Promise<OperationResult> {
  const result = await applyOperation(deps.db, op, alongside, when, out);
  if (!result.replayed) {
    deps.waitUntil(publish(deps.env, op.uid, "account.balance_updated", balanceUpdate(result.balances)));
  }
  return result;
}

/**
 * `applyPlan` — the caller's statements and a planned operation in one transaction — with the
 * same publishing as moveMoney when the operation applied.
 */
export async function moveMoneyWith(deps: MoneyDeps, statements: D1PreparedStatement[], plan: OperationPlan) {
  const outcome = await applyPlan(deps.db, statements, plan);
  if (outcome.applied) {
    deps.waitUntil(publish(deps.env, plan.uid, "account.balance_updated", balanceUpdate(outcome.applied.balances)));
  }
  return outcome;
}

/**
 * The event's data: the four balances as account.getBalance answers them, and the SPEC §9 total
 * (main + bonus + betting bonus) so a client can show it without knowing the rule.
 */
export function balanceUpdate(b: Balances) {
  return {
    ...balanceFields(b),
    total: { amount: b.main.amount + b.bonus.amount + b.betting_bonus.amount, currency: b.main.currency },
  };
}
