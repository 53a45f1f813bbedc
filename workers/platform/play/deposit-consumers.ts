import { announceGrants, depositGrants, depositPackGrants } from "../bonuses/grants";
import { depositEarningStatements } from "../loyalty/earn";
import { announceNotices } from "../loyalty/notices";
import { announceOfferTaken, offerDepositStatements } from "../offers/deposit";
import { announcePromoGrants } from "../promocodes";
import { reserveDepositPromo } from "../promocodes/deposits";
import { questStatements } from "../quests/engine";
import type { Consumer, DepositEvent } from "./events";

/**
 * Everything a successful deposit feeds (events.ts), in the batch that credits it: the deposit
 * bonuses and free-spin packs it earns and the offer it named (decisions 0039, 0041, 0043), the
 * promo code entered with it (0044), loyalty (0046) and the quests counting deposits (platform/quests/).
 */
export const DEPOSIT_CONSUMERS: readonly Consumer<DepositEvent>[] = [
  {
    name: "deposit bonuses",
    consume: (db, { row, market }) => ({
      statements: [...depositGrants(db, row.id, market), ...depositPackGrants(db, row.id, market), ...offerDepositStatements(db, row.id, market)],
      committed: async (deps, { results }) => {
        if ((results[0]?.meta.changes ?? 0) === 0) return;
        await announceGrants(deps, row.id);
        await announceOfferTaken(deps, row.id);
      },
    }),
  },
  {
    // The code's use is reserved in D1 before this batch (its uses are the site's, decision 0075)
    // and its grant owed; once the batch made the deposit `success`, the grant is delivered.
    name: "promo code",
    consume: async (db, { row }, now) => {
      const promo = await reserveDepositPromo(db, row, now);
      return {
        statements: [],
        committed: async (deps) => {
          if (!promo.code) return;
          await promo.deliver(deps.env);
          await announcePromoGrants(deps, row.uid, promo.code);
        },
      };
    },
  },
  {
    name: "loyalty",
    consume: (db, { row }, now) => {
      const statements = depositEarningStatements(db, row.uid, row.id, now);
      return { statements, committed: (deps) => (statements.length ? announceNotices(deps, row.uid, now) : undefined) };
    },
  },
  {
    name: "quests",
    // Only while the credit (later in the batch) is not yet written, for a deposit now `success`.
    consume: (db, { row, operationKey }, now) => ({
      statements: questStatements(
        db,
        {
          uid: row.uid,
          event: "deposit",
          gameId: null,
          wagered: 0,
          fresh: {
            sql: "NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?1 AND key = ?2) AND EXISTS (SELECT 1 FROM cashier_transactions x WHERE x.id = ?3 AND x.uid = ?1 AND x.type = 'deposit' AND x.status = 'success')",
            params: [row.uid, operationKey, row.id],
          },
        },
        now,
      ),
    }),
  },
];
