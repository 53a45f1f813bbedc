import type { Bank } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import { loadUser } from "../account/users";
import { type Handlers, ownTables } from "../core/context";
import { depositInfo, makeDeposit } from "./deposits";
import { methodsFor, publicMethod } from "./methods";
import { cashierPlayer } from "./player";
import { reconcilePlayer } from "./reconcile";
import { historyPage, toEntity } from "./transactions";
import { playerJurisdiction } from "../responsible/jurisdiction";
import { cancelWithdrawal, makeWithdrawal, withdrawSettings } from "./withdrawals";

type CashierMethods =
  | "cashier.getdepositsettings"
  | "cashier.getdepositinfo"
  | "cashier.makedeposit"
  | "cashier.getwithdrawsettings"
  | "cashier.makewithdrawal"
  | "cashier.cancelwithdrawal"
  | "cashier.getbanks"
  | "cashier.gethistory";

/** The cashier (SPEC §3 Deposit, §7 cashier.*; decision 0011). Money moves only through moveMoney. */
export const cashierHandlers: Handlers<CashierMethods> = {
  async "cashier.getdepositsettings"(_p, ctx) {
    // The player's row as the render's other calls read it (read once: core/render-reads.ts).
    const player = await loadUser(ctx.db, ctx.uid);
    if (!player) throw new PlatformError("Authorization", "Sign in to use the cashier");
    const { currency } = player;
    return { currency, methods: (await methodsFor(ctx, "deposit", currency)).map(publicMethod) };
  },

  "cashier.getdepositinfo": ({ transaction_id }, ctx) => depositInfo(ctx, transaction_id),

  "cashier.makedeposit": (p, ctx) => makeDeposit(ctx, p),

  "cashier.getwithdrawsettings": (_p, ctx) => withdrawSettings(ctx),

  "cashier.makewithdrawal": (p, ctx) => makeWithdrawal(ctx, p),

  "cashier.cancelwithdrawal": ({ transaction_id }, ctx) => cancelWithdrawal(ctx, transaction_id),

  async "cashier.getbanks"({ country_code }, ctx) {
    const country = country_code ?? ((await cashierPlayer(ctx.db, ctx.uid)).country_code || (await defaultCountry(ctx.db)));
    const { results } = await ctx.db
      .prepare("SELECT id, name, country_code FROM cashier_banks WHERE country_code = ?1 ORDER BY position, name")
      .bind(country)
      .all<Bank>();
    return results;
  },

  async "cashier.gethistory"({ offset, count, type }, call) {
    const ctx = ownTables(call);
    await reconcilePlayer(ctx, ctx.uid);
    const [page, rules] = await Promise.all([historyPage(ctx.db, ctx.uid, { offset, count, type }), playerJurisdiction(call)]);
    return { items: page.items.map((row) => toEntity(row, rules.withdrawals.cancellable)), count: page.count };
  },
};

/** A player without a country (fast registration) sees the site's default country's banks. */
async function defaultCountry(db: D1Database): Promise<string> {
  const row = await db.prepare("SELECT json_extract(value, '$.default_country') AS c FROM settings WHERE key = 'personal_data'").first<{ c: string | null }>();
  return row?.c ?? "";
}
