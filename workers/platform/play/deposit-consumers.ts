import { announceGrants, depositGrants, depositPackGrants } from "../bonuses/grants";
import { depositEarningStatements } from "../loyalty/earn";
import { announceNotices } from "../loyalty/notices";
import { announceOfferTaken, offerDepositStatements } from "../offers/deposit";
import { announcePromoGrants } from "../promocodes";
import { depositPromoGrants } from "../promocodes/deposits";
import { wheelQuestStatements } from "../wheel/quests";
import type { Consumer, DepositEvent } from "./events";

/**
 * Everything a successful deposit feeds (events.ts), in the batch that credits it: the deposit
 * bonuses and free-spin packs it earns and the offer it named (decisions 0039, 0041, 0043), the
 * promo code entered with it (0044), the loyalty quests (0046) and the wheel's quests (0047).
 */
export const DEPOSIT_CONSUMERS: readonly Consumer<DepositEvent>[] = [
  {
    name: "deposit bonuses",
    consume: (db, { row }) => ({
      statements: [...depositGrants(db, row.id), ...depositPackGrants(db, row.id), ...offerDepositStatements(db, row.id)],
      committed: async (deps, { results }) => {
        if ((results[0]?.meta.changes ?? 0) === 0) return;
        await announceGrants(deps, row.id);
        await announceOfferTaken(deps, row.id);
      },
    }),
  },
  {
    name: "promo code",
    consume: async (db, { row }) => {
      const promo = await depositPromoGrants(db, row);
      return { statements: promo.statements, committed: (deps) => (promo.code ? announcePromoGrants(deps, row.uid, promo.code) : undefined) };
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
    name: "wheel quests",
    // Only while the credit (later in the batch) is not yet written.
    consume: (db, { row, operationKey }, now) => ({
      statements: wheelQuestStatements(db, { uid: row.uid, operationKey, kind: "deposits", ref: row.id, wagered: 0, bonusId: null }, now),
    }),
  },
];
