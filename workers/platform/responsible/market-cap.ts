import type { MarketDepositCap } from "../../../core/api/entities-responsible";
import { depositedSince } from "../cashier/deposit-totals";
import type { DepositMarket, DepositWindow } from "./deposit-guard";
import { capFor, playerMarket } from "./jurisdiction";

/** The calendar month (UTC) that holds `now`: [start, end). */
export function monthAt(now: number): { start: number; end: number } {
  const d = new Date(now);
  return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/**
 * What player `uid`'s market adds to their deposit limits (core/jurisdictions.ts `depositLimits`):
 * a limit of their own required first (Sweden), and the monthly ceiling (Germany €1,000; the
 * Netherlands €700, €300 under 24 — an unknown birth date counts as under) in the player's currency
 * at the site's rates (the euro figure itself where the site has no rate for it). `accounts.db`:
 * D1's, where the account's birth date and the rates are.
 */
export async function depositMarket(
  accounts: { db: D1Database; generalInfo?: string | null },
  uid: number,
  now = Date.now(),
): Promise<DepositMarket & { regulator: string; currency: string }> {
  const { user, profile } = await playerMarket(accounts, uid);
  const rules = profile.depositLimits;
  const currency = user?.currency ?? "EUR";
  const base = { limitRequired: rules.requiredBeforeDeposit, limitPrompt: rules.promptBeforeDeposit, regulator: profile.regulator, currency };
  const cap = rules.monthlyCap;
  if (!cap || !user) return { ...base, cap: null };
  const amount = await capFor(accounts.db, cap, { birthDate: user.birth_date, currency }, now);
  const window: DepositWindow = { amount, ...monthAt(now), source: "market" };
  return { ...base, cap: window };
}

/** The ceiling as account.getLimits answers it, with the notice the market asks for at half and at the whole. */
export async function describeMarketCap(player: D1Database, uid: number, market: Awaited<ReturnType<typeof depositMarket>>): Promise<MarketDepositCap | null> {
  const cap = market.cap;
  if (!cap) return null;
  const used = await depositedSince(player, uid, cap.start);
  const money = (amount: number) => ({ amount, currency: market.currency });
  return {
    regulator: market.regulator,
    limit_amount: money(cap.amount),
    used: money(used),
    available: money(Math.max(0, cap.amount - used)),
    expired_at: cap.end,
    notice: used >= cap.amount ? "reached" : used * 2 >= cap.amount ? "half" : null,
  };
}
