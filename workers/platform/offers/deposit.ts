import type { GrantMarket } from "../bonuses/market";
import { PlatformError } from "../../../core/api/errors";
import { offerDepositGrants } from "../bonuses/grants";
import { publishBonusChange } from "../bonuses/notify";
import type { PlatformContext } from "../core/context";
import type { MoneyDeps } from "../wallet/move-money";
import { announceDeactivated, availableOffer } from "./index";

/**
 * A deposit that names a campaign offer (decision 0043): checked when it starts, taken when it
 * settles. The offer's bonus is granted in the settlement's batch, once per player and offer.
 */

const refuse = (message: string) => new PlatformError("InvalidParameter", message, { fields: { campaign_offer_id: [message] } });

/** cashier.makedeposit's check: the player's available deposit offer, for this method and amount. */
export async function assertDepositOffer(ctx: PlatformContext, offerId: number, method: string, amount: number): Promise<void> {
  const offer = await availableOffer(ctx, offerId);
  if (!offer) throw refuse("This offer is not available to you");
  if (offer.trigger_action !== "deposit") throw refuse("This offer is not taken with a deposit");
  if ((JSON.parse(offer.exclude_methods) as string[]).includes(method)) throw refuse("This offer does not apply to this payment method");
  if (offer.b_sysname && (amount < (offer.min_deposit ?? 0) || (offer.max_deposit !== null && amount > offer.max_deposit)))
    throw refuse("This offer does not apply to this amount");
}

/**
 * For the settlement batch, after the status move: the offer recorded taken by this deposit (only
 * if the deposit is `success` and the player has no row for it yet), then the grant reading it.
 */
export function offerDepositStatements(db: D1Database, transactionId: string, market: GrantMarket, now = Date.now()): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO player_offers (uid, offer_id, status, transaction_id, created_at)
         SELECT x.uid, x.campaign_offer_id, 'taken', x.id, ?2 FROM cashier_transactions x
         WHERE x.id = ?1 AND x.type = 'deposit' AND x.status = 'success' AND x.campaign_offer_id IS NOT NULL
         ON CONFLICT (uid, offer_id) DO NOTHING`,
      )
      .bind(transactionId, now),
    ...offerDepositGrants(db, transactionId, market, now),
  ];
}

/** After the settlement committed: the offer left the player's list, and its bonus arrived. */
export async function announceOfferTaken(deps: MoneyDeps, transactionId: string): Promise<void> {
  const row = await deps.db
    .prepare(
      `SELECT po.uid, po.offer_id, b.id AS bonus_id, b.type FROM player_offers po
       LEFT JOIN player_bonuses b ON b.uid = po.uid AND b.grant_key = 'offer:' || po.offer_id
       WHERE po.transaction_id = ?1`,
    )
    .bind(transactionId)
    .first<{ uid: number; offer_id: number; bonus_id: string | null; type: "casino" | "betting" | null }>();
  if (!row) return;
  if (row.bonus_id && row.type) publishBonusChange(deps, row.uid, { id: row.bonus_id, type: row.type, status: "available" });
  announceDeactivated(deps, row.uid, row.offer_id);
}
