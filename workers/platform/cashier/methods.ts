import type { AmountRules, CashierField, CashierMethod, PaymentFlow } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import { providerNamed } from "../providers/payments-registry";

/**
 * Payment methods (table cashier_methods): the demo operator's ways to pay in and out. A method is
 * offered to a player only in the player's currency, so every amount rule the player sees applies
 * to their balance.
 */

export type Direction = "deposit" | "withdrawal";

interface MethodRow {
  id: number;
  sysname: string;
  name: string;
  icon: string;
  flow: PaymentFlow;
  provider: string;
  currencies: string;
  fields: string;
}

/** A method with what the platform needs besides the public entity: which provider runs it. */
export interface LoadedMethod extends CashierMethod {
  provider: string;
}

const toMethod = (r: MethodRow): LoadedMethod => ({
  id: r.id,
  sysname: r.sysname,
  name: r.name,
  icon: r.icon,
  flow: r.flow,
  provider: r.provider,
  currencies: JSON.parse(r.currencies) as Record<string, AmountRules>,
  fields: JSON.parse(r.fields) as CashierField[],
});

/** The public shape: the provider is the platform's business. */
export function publicMethod({ provider: _provider, ...method }: LoadedMethod): CashierMethod {
  return method;
}

/** What reading methods needs: the database, and the deployment (which payment systems are on). */
type MethodDeps = { db: D1Database; env: Env };

/**
 * The enabled methods of one direction that offer `currency`, with only that currency's rules.
 * Methods of a payment system that is off here (the demo one in production) are not offered.
 */
export async function methodsFor({ db, env }: MethodDeps, direction: Direction, currency: string): Promise<LoadedMethod[]> {
  const { results } = await db
    .prepare(
      `SELECT id, sysname, name, icon, flow, provider, currencies, fields FROM cashier_methods
       WHERE direction = ?1 AND is_enabled = 1 AND json_extract(currencies, '$.' || ?2) IS NOT NULL
       ORDER BY position, id`,
    )
    .bind(direction, currency)
    .all<MethodRow>();
  return results
    .map(toMethod)
    .filter((m) => providerNamed(env, m.provider))
    .map((m) => ({ ...m, currencies: { [currency]: m.currencies[currency]! } }));
}

/**
 * The method a call names, with its amount rules in the player's currency. An unknown method, one
 * of the other direction or one without the player's currency is a 400 on `method`.
 */
export async function methodForCall(
  { db, env }: MethodDeps,
  direction: Direction,
  sysname: string,
  currency: string,
): Promise<{ method: LoadedMethod; rules: AmountRules }> {
  const row = await db
    .prepare(
      `SELECT id, sysname, name, icon, flow, provider, currencies, fields FROM cashier_methods
       WHERE direction = ?1 AND sysname = ?2 AND is_enabled = 1`,
    )
    .bind(direction, sysname)
    .first<MethodRow>();
  const method = row && providerNamed(env, row.provider) ? toMethod(row) : null;
  const rules = method?.currencies[currency];
  if (!method || !rules) {
    const what = direction === "deposit" ? "deposits" : "withdrawals";
    throw new PlatformError("InvalidParameter", `The method is not available for ${what} in ${currency}`, {
      fields: { method: [`'${sysname}' is not a ${direction} method offered in ${currency}`] },
    });
  }
  return { method, rules };
}
