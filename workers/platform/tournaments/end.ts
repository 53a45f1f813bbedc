import type { TournamentPrize } from "../../../core/api/contract-tournaments";
import { tournamentPrizeGrants } from "../bonuses/grants";
import { publishBonusChange } from "../bonuses/notify";
import { moveMoneyWith, type MoneyDeps } from "../wallet/move-money";
import { planOperation } from "../wallet/wallet";
import { RANK_ORDER } from "./ranks";
import { lastPrized, PRIZES_SQL, prizeOf, prizeView, type PrizeRow } from "./view";

/**
 * The tournaments' clock (decision 0048; DESIGN §7 "time is a trigger"), from `scheduled()`: a
 * future tournament whose start came becomes active; one whose end came is finished — its final
 * ranks (from the record in D1) recorded once as tournament_winners, each prized place with a
 * snapshot of its prize in the winner's currency — and every recorded place not yet paid is paid:
 * money through the wallet (type tournament_prize, key tournament:<id>:<rank>), a bonus or free
 * spins through the bonus engine (tournamentPrizeGrants, the same grant key). Marking a place paid
 * rides the payment's batch, and the keys are unique per player: a repeated or concurrent run
 * changes nothing. Entries stop moving at ends_at (scoring and resets require a running
 * tournament), so the ranks read before the recording batch are final.
 */

export async function runTournamentClock(deps: MoneyDeps, now: number): Promise<{ started: number[]; finished: number[]; paid: number }> {
  const { db } = deps;
  const started = await db
    .prepare("UPDATE tournaments SET status = 'active' WHERE status = 'future' AND starts_at <= ?1 AND ends_at > ?1 RETURNING id")
    .bind(now)
    .all<{ id: number }>();
  const due = await db
    .prepare(
      `SELECT id FROM tournaments WHERE status <> 'finished' AND ends_at <= ?1
       UNION SELECT DISTINCT tournament_id FROM tournament_winners WHERE paid_at IS NULL`,
    )
    .bind(now)
    .all<{ id: number }>();
  const finished: number[] = [];
  let paid = 0;
  for (const { id } of due.results) {
    if (await recordWinners(db, id, now)) finished.push(id);
    paid += await payWinners(deps, id, now);
  }
  return { started: started.results.map((r) => r.id), finished, paid };
}

interface RankedEntry {
  uid: number;
  points: number;
  reached_at: number;
  currency: string;
}

/** Finishes the tournament and records its prized places, once (answers whether this run did). */
async function recordWinners(db: D1Database, id: number, now: number): Promise<boolean> {
  const t = await db.prepare("SELECT status, ends_at FROM tournaments WHERE id = ?1").bind(id).first<{ status: string; ends_at: number }>();
  if (!t || t.status === "finished" || t.ends_at > now) return false;
  const { results: prizes } = await db.prepare("SELECT place_to FROM tournament_prizes WHERE tournament_id = ?1").bind(id).all<{ place_to: number }>();
  const places = lastPrized(prizes);
  const { results: ranked } = await db
    .prepare(
      `SELECT e.uid, e.points, e.reached_at, u.currency FROM tournament_entries e JOIN users u ON u.uid = e.uid
       WHERE e.tournament_id = ?1 AND e.points > 0 ORDER BY ${RANK_ORDER} LIMIT ?2`,
    )
    .bind(id, places)
    .all<RankedEntry>();
  const snapshots = await prizeSnapshots(db, id, new Set(ranked.map((r) => r.currency)));
  const mine = "EXISTS (SELECT 1 FROM tournaments WHERE id = ?1 AND finished_at = ?2)";
  const [finish] = await db.batch([
    db.prepare("UPDATE tournaments SET status = 'finished', finished_at = ?2 WHERE id = ?1 AND status <> 'finished'").bind(id, now),
    ...ranked.map((r, i) =>
      db
        .prepare(
          `INSERT INTO tournament_winners (tournament_id, rank, uid, points, reached_at, prize)
           SELECT ?1, ?3, ?4, ?5, ?6, ?7 WHERE ${mine} ON CONFLICT (tournament_id, rank) DO NOTHING`,
        )
        .bind(id, now, i + 1, r.uid, r.points, r.reached_at, JSON.stringify(prizeOf(snapshots.get(r.currency) ?? [], i + 1))),
    ),
  ]);
  return (finish!.meta.changes ?? 0) > 0;
}

/** The prizes in each winner's currency (titles in the default locale: readers see their own). */
async function prizeSnapshots(db: D1Database, id: number, currencies: Set<string>): Promise<Map<string, TournamentPrize[]>> {
  const out = new Map<string, TournamentPrize[]>();
  for (const currency of currencies) {
    const { results } = await db.prepare(PRIZES_SQL("?2")).bind(currency, id).all<PrizeRow>();
    out.set(
      currency,
      results.map((p) => prizeView(p, currency, "en", "en")),
    );
  }
  return out;
}

interface WinnerRow {
  rank: number;
  uid: number;
  prize: string | null;
}

/** Pays the recorded places not paid yet; answers how many this run paid. */
async function payWinners(deps: MoneyDeps, id: number, now: number): Promise<number> {
  const { db } = deps;
  const { results } = await db
    .prepare("SELECT rank, uid, prize FROM tournament_winners WHERE tournament_id = ?1 AND paid_at IS NULL ORDER BY rank")
    .bind(id)
    .all<WinnerRow>();
  let paid = 0;
  for (const w of results) {
    const prize = w.prize ? (JSON.parse(w.prize) as TournamentPrize | null) : null;
    const key = `tournament:${id}:${w.rank}`;
    const markPaid = db.prepare("UPDATE tournament_winners SET paid_at = ?3 WHERE tournament_id = ?1 AND rank = ?2 AND paid_at IS NULL").bind(id, w.rank, now);
    if (prize?.type === "money" && prize.amount && prize.amount.amount > 0) {
      const plan = planOperation(db, {
        uid: w.uid,
        key,
        type: "tournament_prize",
        reference: String(id),
        changes: [{ kind: "main", delta: prize.amount.amount }],
      });
      const outcome = await moveMoneyWith(deps, [markPaid], plan);
      if (outcome.applied) paid++;
    } else if (prize?.type === "bonus" || prize?.type === "freespins") {
      const [mark] = await db.batch([markPaid, ...tournamentPrizeGrants(db, `${id}:${w.rank}`, now)]);
      if (!mark!.meta.changes) continue;
      paid++;
      const bonus = await db
        .prepare("SELECT id, type FROM player_bonuses WHERE uid = ?1 AND grant_key = ?2")
        .bind(w.uid, key)
        .first<{ id: string; type: "casino" | "betting" }>();
      if (bonus) publishBonusChange(deps, w.uid, { id: bonus.id, type: bonus.type, status: "available" });
    } else {
      // A place without a prize in the winner's currency: recorded, nothing to pay.
      await markPaid.run();
    }
  }
  return paid;
}
