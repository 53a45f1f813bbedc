import type { GeneralInfo } from "../../../core/api/entities";
import type { CurrencyRates } from "../../../core/api/entities-wallet";
import { PlatformError } from "../../../core/api/errors";
import { readSetting } from "../core/settings";

type SiteCurrencies = Pick<GeneralInfo, "available_currencies" | "default_currency">;

export const readSiteCurrencies = (db: D1Database) => readSetting<SiteCurrencies>(db, "general_info");

/** The currency amounts are shown in to a reader: the player's, else (a visitor) the site's default. */
export async function readerCurrency(reader: { db: D1Database; uid: number }): Promise<string> {
  if (reader.uid > 0) {
    // The player's whole row, as account.getInfo reads it: one statement a render answers once (core/render-reads.ts).
    const c = await reader.db.prepare("SELECT * FROM users WHERE uid = ?1").bind(reader.uid).first<string>("currency");
    if (c) return c;
  }
  return (await readSiteCurrencies(reader.db)).default_currency;
}

/**
 * account.getcurrencyrates: units of each site currency per one unit of the site's default
 * currency. Rates are stored against any base that knows the default currency and crossed from
 * there, so an operator may keep them in the base their feed uses.
 */
export async function currencyRates(db: D1Database): Promise<CurrencyRates> {
  const site = await readSiteCurrencies(db);
  const { results } = await db
    .prepare("SELECT base, code, rate, updated_at FROM currency_rates ORDER BY base, code")
    .all<{ base: string; code: string; rate: number; updated_at: number }>();
  const bases = Map.groupBy(results, (r) => r.base);
  const rows = [...bases.values()].find((list) => list.some((r) => r.code === site.default_currency)) ?? [];
  const baseRate = rows.find((r) => r.code === site.default_currency)?.rate;
  const rates: Record<string, number> = {};
  let updatedAt = 0;
  for (const code of site.available_currencies) {
    const row = rows.find((r) => r.code === code);
    if (!row || !baseRate) continue; // a currency without a rate is left out rather than guessed
    rates[code] = Number((row.rate / baseRate).toPrecision(8));
    updatedAt = Math.max(updatedAt, row.updated_at);
  }
  return { base: site.default_currency, rates, updated_at: updatedAt };
}

/**
 * Converts minor units between site currencies with account.getcurrencyrates (units per one unit
 * of the default currency), rounding down; null when a rate is missing. Same currency: exact, and
 * no rate is read. `rates`: rates already read, if the caller keeps them.
 */
export async function currencyConverter(
  db: D1Database,
  from: string,
  targets: string[],
  rates?: Record<string, number>,
): Promise<(amount: number, to: string) => number | null> {
  const table = targets.some((t) => t !== from) ? (rates ?? (await currencyRates(db)).rates) : {};
  return (amount, to) => {
    if (to === from) return amount;
    const a = table[from];
    const b = table[to];
    return a && b ? Math.floor((amount * b) / a + 1e-9) : null;
  };
}

/**
 * Real money has moved, or is held, in any kind but fun — or a payment is under way: a deposit
 * started in one currency must not be credited after the player switched to another.
 */
const REAL_MONEY_USED = `EXISTS (SELECT 1 FROM ledger WHERE uid = ?1 AND kind <> 'fun')
  OR EXISTS (SELECT 1 FROM balances WHERE uid = ?1 AND kind <> 'fun' AND amount <> 0)
  OR EXISTS (SELECT 1 FROM cashier_transactions WHERE uid = ?1 AND status IN ('new', 'pending'))`;

/**
 * account.setCurrency: a site currency, only before the player's first real-money movement. The
 * check is part of the UPDATE, so a deposit cannot slip in between; the balances follow through
 * the users_currency_follows trigger (migration 0005), in the same statement. `db`: the player's
 * own tables (decision 0075). Once the money is in the player's object, that UPDATE runs on the
 * object's mirrored users row, where the money is (its guard first), and D1's row follows; a
 * Worker that dies between leaves D1 behind until the player's next try, which completes it.
 */
export async function setPlayerCurrency(db: D1Database, uid: number, currency: string): Promise<void> {
  const site = await readSiteCurrencies(db);
  if (!site.available_currencies.includes(currency)) {
    throw currencyError("This currency is not available");
  }
  const user = await db.prepare("SELECT currency FROM users WHERE uid = ?1").bind(uid).first<{ currency: string }>();
  if (!user) throw new PlatformError("Authorization", "Sign in to continue");
  if (user.currency === currency) return;
  const res = await db.prepare(`UPDATE users SET currency = ?2 WHERE uid = ?1 AND NOT (${REAL_MONEY_USED})`).bind(uid, currency).run();
  if (res.meta.changes === 0) {
    throw currencyError("The currency can only be changed before the first real-money transaction");
  }
  // The site's own row (D1): the same row just changed while the money is in D1, nothing to do then.
  await db.prepare("UPDATE users SET currency = ?2 WHERE uid = ?1 AND currency <> ?2").bind(uid, currency).run();
}

function currencyError(message: string): PlatformError {
  return new PlatformError("InvalidParameter", message, { fields: { currency: [message] } });
}
