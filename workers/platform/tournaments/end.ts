import type { TournamentPrize } from "../../../core/api/contract-tournaments";
import { deliverInbox, inboxEntry } from "../player/inbox";
import type { RewardDebt } from "../player/inbox-receivers";
import type { Reward } from "../rewards/pay";
import type { MoneyDeps } from "../wallet/move-money";
import { flushBoard } from "../../realtime/tournament-board";
import { pushBodySql } from "../push/send";
import { RANK_ORDER } from "./ranks";
import { lastPrized, PRIZES_SQL, prizeOf, prizeView, type PrizeRow, TITLES_BY_LOCALE_SQL } from "./view";

/**
 * The tournaments' clock (decision 0048; DESIGN §7 "time is a trigger"), from `scheduled()`: a
 * future tournament whose start came becomes active; one whose end came is finished — its final
 * ranks (from the record in D1) recorded once as tournament_winners, each prized place with a
 * snapshot of its prize in the winner's currency — and every recorded place not yet paid is paid:
 * through the one reward path (rewards/pay.ts): money by the wallet (type tournament_prize, key
 * tournament:<id>:<rank>), a bonus or free spins by the bonus engine (the same grant key). Marking a place paid
 * rides the payment's batch, and the keys are unique per player: a repeated or concurrent run
 * changes nothing. Entries stop moving at ends_at (scoring and resets require a running
 * tournament), so the ranks read before the recording batch are final.
 */

export async function runTournamentClock(deps: MoneyDeps, now: number): Promise<{ started: number[]; finished: number[]; paid: number }> {
  const { db } = deps;
  // The players who joined a tournament that starts now are owed a push, in the batch that starts it.
  const [, startedRun] = await db.batch<{ id: number }>([
    tournamentPushes(db, "started", "t.status = 'future' AND t.starts_at <= ?1 AND t.ends_at > ?1", now),
    db.prepare("UPDATE tournaments SET status = 'active' WHERE status = 'future' AND starts_at <= ?1 AND ends_at > ?1 RETURNING id").bind(now),
  ]);
  const started = startedRun!;
  const due = await db
    .prepare(
      `SELECT id FROM tournaments WHERE status <> 'finished' AND ends_at <= ?1
       UNION SELECT DISTINCT tournament_id FROM tournament_winners WHERE paid_at IS NULL`,
    )
    .bind(now)
    .all<{ id: number }>();
  const finished: number[] = [];
  let paid = 0;
  const opened: number[] = [];
  for (const { id } of due.results) {
    if (await recordWinners(deps.env, db, id, now)) finished.push(id);
    paid += await payWinners(deps, id, now);
    const next = await openNextRace(db, id, now);
    if (next !== null) opened.push(next);
  }
  return { started: [...started.results.map((r) => r.id), ...opened], finished, paid };
}

const HOUR_MS = 60 * 60_000;

/** A time as `yyyymmddhh` in UTC: a repeating race's sysname suffix. */
const hourStamp = (ms: number) => new Date(ms).toISOString().slice(0, 13).replace(/[-T]/g, "");

/**
 * A repeating race (decision 0116), once finished: the next of its series for the next window of
 * `repeat_hours` — back to back with the last, so a daily race resets at the same hour every day; a
 * window missed entirely (the clock was down) is skipped, not run empty — with the same rules, games and
 * prizes. Its sysname is `<series>-<start as yyyymmddhh>`, unique: a repeated or concurrent run opens
 * it once. Answers the new race's id, or null (not a repeating race, not finished, or already opened).
 */
export async function openNextRace(db: D1Database, id: number, now: number): Promise<number | null> {
  const t = await db
    .prepare("SELECT series, repeat_hours, ends_at FROM tournaments WHERE id = ?1 AND status = 'finished' AND repeat_hours IS NOT NULL")
    .bind(id)
    .first<{ series: string; repeat_hours: number; ends_at: number }>();
  if (!t) return null;
  const period = t.repeat_hours * HOUR_MS;
  const starts = t.ends_at + Math.max(0, Math.floor((now - t.ends_at) / period)) * period;
  const sysname = `${t.series}-${hourStamp(starts)}`;
  const next = "(SELECT id FROM tournaments WHERE sysname = ?2)";
  const [opened] = await db.batch<{ id: number }>([
    db
      .prepare(
        `INSERT INTO tournaments (sysname, status, starts_at, ends_at, scoring, cap, min_bet, currencies, countries, opt_in, reset_on_cashout,
           provider, tags, extra, image, texts, position, sportsbook, repeat_hours, series)
         SELECT ?2, CASE WHEN ?3 <= ?5 THEN 'active' ELSE 'future' END, ?3, ?4, scoring, cap, min_bet, currencies, countries, opt_in, reset_on_cashout,
           provider, tags, extra, image, texts, position, sportsbook, repeat_hours, series
         FROM tournaments WHERE id = ?1
         ON CONFLICT (sysname) DO NOTHING RETURNING id`,
      )
      .bind(id, sysname, starts, starts + period, now),
    db
      .prepare(
        `INSERT INTO tournament_prizes (tournament_id, place_from, place_to, type, money, bonus_template_id, freespin_template_id, texts)
         SELECT ${next}, place_from, place_to, type, money, bonus_template_id, freespin_template_id, texts FROM tournament_prizes WHERE tournament_id = ?1
         ON CONFLICT (tournament_id, place_from) DO NOTHING`,
      )
      .bind(id, sysname),
    db
      .prepare(`INSERT OR IGNORE INTO tournament_games (tournament_id, game_id) SELECT ${next}, game_id FROM tournament_games WHERE tournament_id = ?1`)
      .bind(id, sysname),
  ]);
  return opened!.results[0]?.id ?? null;
}

/**
 * The statement that owes a push (decision 0114: topic tournaments) to every player who joined the
 * tournaments `where` picks (of `t`, with `?1` for `now`), one `push.owe` row of the player inbox each, keyed per
 * tournament, event and player: a run again owes nothing twice. The inbox's cron (or the Worker)
 * writes it into the player's outbox, whose alarm sends it to their subscriptions of that topic, its
 * title naming the tournament in the subscription's locale.
 */
function tournamentPushes(db: D1Database, event: "started" | "ended", where: string, now: number): D1PreparedStatement {
  const name = event === "started" ? "tournamentStarted" : "tournamentEnded";
  return db
    .prepare(
      `INSERT INTO player_inbox (uid, key, kind, body, created_at, next_at)
       SELECT e.uid, 'push:tournament-${event}:' || t.id || ':' || e.uid, 'push.owe',
              ${pushBodySql({
                uid: "e.uid",
                key: `'tournament-${event}:' || t.id`,
                topic: "tournaments",
                title: { message: `push.${name}.title`, params: { tournament: TITLES_BY_LOCALE_SQL } },
                body: { message: `push.${name}.body` },
                url: "'/tournaments/' || t.id",
              })},
              ?1, ?1
       FROM tournaments t JOIN tournament_entries e ON e.tournament_id = t.id
       WHERE ${where}
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(now);
}

interface RankedEntry {
  uid: number;
  points: number;
  reached_at: number;
  currency: string;
}

/** Finishes the tournament and records its prized places, once (answers whether this run did). */
async function recordWinners(env: Env, db: D1Database, id: number, now: number): Promise<boolean> {
  const t = await db.prepare("SELECT status, ends_at FROM tournaments WHERE id = ?1").bind(id).first<{ status: string; ends_at: number }>();
  if (!t || t.status === "finished" || t.ends_at > now) return false;
  // Every total the board still owes the record, written before the places are read (decision 0075).
  await flushBoard(env, id);
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
    // Every player who joined it is owed a push that it ended, in the batch that finishes it.
    tournamentPushes(db, "ended", `t.id = ${Number(id)} AND t.finished_at = ?1`, now),
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
  if (results.length === 0) return 0;
  const { results: templates } = await db
    .prepare("SELECT place_from, place_to, bonus_template_id, freespin_template_id FROM tournament_prizes WHERE tournament_id = ?1")
    .bind(id)
    .all<PrizeTemplates>();
  let paid = 0;
  for (const w of results) {
    const reward = winnerReward(w, templates);
    const key = `tournament:${id}:${w.rank}`;
    if (await owePrize(deps, id, w, reward, key, now)) paid++;
  }
  return paid;
}

/**
 * The players' money and rewards are in their objects (decision 0075): the place is marked paid in
 * D1 with the prize owed to the winner's tables in the same batch (a `rewards.pay` inbox row keyed
 * like the payment), delivered at once and by the cron if the Worker died between.
 * Answers whether this run marked it (and there is something to pay).
 */
async function owePrize(deps: MoneyDeps, id: number, w: WinnerRow, reward: Reward, key: string, now: number): Promise<boolean> {
  const { db } = deps;
  const debt: RewardDebt = { reward, key, wallet: { type: "tournament_prize", reference: String(id) }, ledger: { reason: "tournament", ref: key }, now };
  const [mark] = await db.batch([
    db.prepare("UPDATE tournament_winners SET paid_at = ?3 WHERE tournament_id = ?1 AND rank = ?2 AND paid_at IS NULL").bind(id, w.rank, now),
    ...(reward.type === "nothing" ? [] : [inboxEntry(db, { uid: w.uid }, { key, kind: "rewards.pay", body: debt }, now)]),
  ]);
  if (!mark!.meta.changes || reward.type === "nothing") return false;
  await deliverInbox(deps.env, key);
  return true;
}

interface PrizeTemplates {
  place_from: number;
  place_to: number;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
}

/** What a recorded place pays: the money of its snapshot (the winner's currency at the finish), or its prize's template. */
function winnerReward(w: WinnerRow, templates: PrizeTemplates[]): Reward {
  const prize = w.prize ? (JSON.parse(w.prize) as TournamentPrize | null) : null;
  if (prize?.type === "money") return prize.amount && prize.amount.amount > 0 ? { type: "money", amount: prize.amount.amount } : { type: "nothing" };
  const row = templates.find((t) => w.rank >= t.place_from && w.rank <= t.place_to);
  const templateId = prize?.type === "bonus" ? row?.bonus_template_id : prize?.type === "freespins" ? row?.freespin_template_id : null;
  return templateId != null && (prize?.type === "bonus" || prize?.type === "freespins") ? { type: prize.type, templateId } : { type: "nothing" };
}
