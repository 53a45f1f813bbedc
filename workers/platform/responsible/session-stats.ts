import type { Money } from "../../../core/api/entities";
import { PLAY_SINCE_SQL } from "../player/tables";
import { REAL_MONEY_KINDS } from "../wallet/wallet";

/**
 * Real money a player staked and won since a moment, from the wallet ledger (decision 0010):
 * `bet` rows are debits (negative deltas), `win` rows credits, on the real-money balances only —
 * demo play on the fun balance is not money. A refunded bet counts as not staked. It is the play of
 * all time less where it stood at `sinceMs` (player/tables.ts PLAY_SINCE_SQL): the session's rows
 * are read once, at its first reading.
 */
export async function playSince(db: D1Database, uid: number, sinceMs: number, currency: string) {
  const since = Math.trunc(sinceMs);
  const [prune, mark, play] = PLAY_SINCE_SQL;
  const [, , answer] = await db.batch([
    db.prepare(prune).bind(uid, since),
    db.prepare(mark).bind(uid, since),
    db.prepare(play).bind(uid, since, JSON.stringify(REAL_MONEY_KINDS)),
  ]);
  const row = answer!.results[0] as { wagered: number; won: number } | undefined;
  const money = (amount: number): Money => ({ amount, currency });
  const wagered = Math.max(0, row?.wagered ?? 0);
  const won = row?.won ?? 0;
  return { wagered: money(wagered), won: money(won), net: money(won - wagered) };
}
