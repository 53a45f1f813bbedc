import { PlatformError } from "../../../core/api/errors";
import { ownTables, type PlatformContext } from "../core/context";
import { readBalances, type Balances } from "../wallet/wallet";
import { bonusBalanceKind, endActiveBonus, type EndingBonus } from "./end";

/**
 * Withdrawing while a bonus is active burns it (decision 0042): bonus money is never withdrawable,
 * and taking real money out ends the bonus it was playing under — its bonus balance is removed,
 * like an exit. The player is asked first: without `burn` the withdrawal is refused with
 * InvalidRequest (409, params.reason "bonuses_burn", params.bonuses: what would be removed); with
 * it, the active bonuses end ("cancelled") before the withdrawal is placed. Called after every
 * other check of the withdrawal, and only when the main balance covers it, so a refusal for
 * another reason never costs the player their bonus.
 */
export async function burnBeforeWithdrawal(call: PlatformContext, amount: number, burn: boolean): Promise<void> {
  const ctx = ownTables(call);
  const active = await activeBonuses(ctx);
  if (!active.length) return;
  const balances = await readBalances(ctx.db, ctx.uid);
  if (!burn) throw burnRefusal(active, balances);
  // The wallet refuses an overdraft anyway; refused here, before anything is burnt.
  if (balances.main.amount < amount) throw new PlatformError("BillingTransactionDeclined", "Insufficient funds", { params: { kinds: ["main"] } });
  for (const b of active) {
    // A round in between changes the bonus balance: read again, once (as an exit does).
    if (!(await endActiveBonus(ctx, b, "cancelled")) && !(await endActiveBonus(ctx, b, "cancelled"))) {
      const still = await ctx.db.prepare("SELECT status FROM player_bonuses WHERE id = ?1").bind(b.id).first<string>("status");
      if (still === "active") throw new PlatformError("InvalidRequest", "The bonus balance is changing: try again", { status: 409 });
    }
  }
}

const activeBonuses = async (ctx: PlatformContext) =>
  (
    await ctx.db
      .prepare("SELECT id, uid, type, max_cashout FROM player_bonuses WHERE uid = ?1 AND status = 'active' ORDER BY type DESC")
      .bind(ctx.uid)
      .all<EndingBonus>()
  ).results;

function burnRefusal(active: EndingBonus[], balances: Balances): PlatformError {
  const bonuses = active.map((b) => ({ id: b.id, type: b.type, balance: balances[bonusBalanceKind(b.type)] }));
  return new PlatformError("InvalidRequest", "Withdrawing now ends your active bonus and removes its bonus balance: confirm with burn_bonuses=1", {
    status: 409,
    params: { reason: "bonuses_burn", bonuses },
  });
}

/**
 * A withdrawal whose batch found a bonus active (activated in another tab after the burn check;
 * decision 0059) is refused as a first request would be, naming that bonus: whatever the player
 * agreed to burn before, this one they have not seen.
 */
export async function refuseWhileBonusActive(call: PlatformContext): Promise<void> {
  const ctx = ownTables(call);
  const active = await activeBonuses(ctx);
  if (active.length) throw burnRefusal(active, await readBalances(ctx.db, ctx.uid));
}
