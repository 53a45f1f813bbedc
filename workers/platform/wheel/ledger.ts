/**
 * The spin ledger (decision 0047): every change of a spin balance is a wheel_spin_ledger row, once
 * per (uid, key), stamped with the id of the batch that wrote it; the balances move by exactly the
 * rows of their batch (the loyalty ledger's pattern, loyalty/ledger.ts). Σ ledger = balance.
 */

const batchRows = `FROM wheel_spin_ledger WHERE uid = ?1 AND batch_id = ?2`;

/**
 * The tail of a batch whose rows only credit (quests, purchases): each campaign's balance grows by
 * its rows, created at 0 if the player had none. (An upsert checks the new row's CHECK before its
 * conflict, so debits use `settleSpinDebits`.)
 */
export function settleSpinCredits(db: D1Database, uid: number, batch: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO wheel_spin_balances (uid, campaign_id, spins, updated_at)
       SELECT uid, campaign_id, SUM(delta), ?3 ${batchRows} GROUP BY campaign_id
       ON CONFLICT (uid, campaign_id) DO UPDATE SET spins = spins + excluded.spins, updated_at = excluded.updated_at`,
    )
    .bind(uid, batch, now);
}

/** The tail of a spin's batch (a debit, maybe a credit): the balance row exists, as the spin's guard read it. */
export function settleSpinDebits(db: D1Database, uid: number, batch: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE wheel_spin_balances SET
         spins = spins + (SELECT COALESCE(SUM(delta), 0) ${batchRows} AND campaign_id = wheel_spin_balances.campaign_id),
         updated_at = ?3
       WHERE uid = ?1 AND campaign_id IN (SELECT campaign_id ${batchRows})`,
    )
    .bind(uid, batch, now);
}
