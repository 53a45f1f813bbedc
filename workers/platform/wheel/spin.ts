import { bonusRefusal } from "../bonuses/market";
import { drawSector } from "../../../core/fairness";
import { PlatformError } from "../../../core/api/errors";
import type { PlatformContext } from "../core/context";
import { readerCurrency } from "../wallet/currency";
import { announceNotices } from "../loyalty/notices";
import { configuredReward } from "../rewards/configured";
import { payReward, rewardStatements, type Reward, type RewardSource } from "../rewards/pay";
import { reserveStock, settleStock, type Reservation } from "../rewards/stock";
import { settleSpinDebits } from "./ledger";
import { readSpin, spinView, type SpinRow } from "./results";
import { currentSeed, fairnessOf, type SeedRow } from "./seeds";
import { deliverOwedWinner, owedWinner } from "./winners";
import { fallbackOf, isOpen, OPEN, prizeOf, readCampaign, readSectors, spinBalance, wheelError } from "./view";

/**
 * FortuneWheels.spinWheel (decision 0047). The sector is drawn in JS from the player's unrevealed
 * seed and its next nonce, BEFORE the batch. A sector with stock then has a unit reserved in D1,
 * where the stock is counted (rewards/stock.ts, decision 0075: the player's object holds a stale
 * copy); whether one was taken is bound into the batch. Then ONE batch in the player's tables
 * records the spin and everything it moves. The spin's INSERT is the guard — a spin left in the
 * balance, the campaign open, the seed still unrevealed at that nonce, all read inside the
 * transaction — and every later statement applies only to the spin this batch wrote (its fresh
 * id): the nonce advanced, the spin debited in the spin ledger, and the prize through the one
 * reward path (rewards/pay.ts: a bonus or free-spin pack by the bonus engine, money by the wallet,
 * points by the loyalty ledger, spins by the spin ledger) — or, with no unit, the sector's
 * fallback. The reservation is then marked consumed, or given back when no spin paid the prize
 * with it (the cron settles it if the Worker died between). D1 takes units one at a time, so of
 * concurrent spins on the last prize one takes it and the others pay the fallback.
 */

/** Spins drawn again when a concurrent spin took the nonce first, before giving up. */
const MAX_DRAWS = 8;

const findByKey = (db: D1Database, uid: number, key: string) => readSpin(db, "sp.uid = ?1 AND sp.key = ?2", uid, key);

export async function spinWheel(ctx: PlatformContext, campaignId: number, key: string) {
  // The player's tables (decision 0075); the campaign's configuration is read on ctx.db.
  const db = ctx.player();
  const deps = { ...ctx, db };
  const replayed = await findByKey(db, ctx.uid, key);
  if (replayed) return answer(ctx, replayed, campaignId, true);
  const campaign = await readCampaign(ctx.db, campaignId);
  if (!isOpen(campaign, Date.now())) throw wheelError("campaign_closed", "This wheel is not running now", 409);
  const currency = await readerCurrency(ctx);
  const sectors = await readSectors(ctx.db, campaignId, currency);
  if (sectors.length === 0) throw wheelError("campaign_closed", "This wheel has no sectors", 409);
  const weights = sectors.map((s) => s.weight);
  // A bonus or free spins the player's market gives them no more of is paid as the sector's
  // fallback, said in the result, as a prize out of stock is (bonuses/market.ts).
  const isBonus = (s: (typeof sectors)[number]) => s.reward_type === "bonus" || s.reward_type === "freespins";
  const refused = sectors.some(isBonus) ? await bonusRefusal(ctx, db, ctx.uid) : null;

  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    const seed = await currentSeed(db, ctx.uid);
    const draw = await drawSector(seed.server_seed, seed.client_seed, seed.next_nonce, weights);
    const sector = sectors[draw.index]!;
    const id = crypto.randomUUID();
    const now = Date.now();
    const withheld = refused !== null && isBonus(sector);
    const snapshot = {
      prize: prizeOf(sector, currency, ctx.locale, ctx.defaultLocale),
      fallback: fallbackOf(sector, ctx.locale, ctx.defaultLocale, withheld),
    };
    // The prize's unit first, in D1 (unlimited: nothing reserved). A retry of this key draws the same sector and finds its unit.
    const reservation = sector.stock === null || withheld ? null : await reserveStock(ctx.db, ctx.uid, "wheel_sectors", sector.id, key, now);
    const inStock = !withheld && (reservation === null || reservation.taken) ? 1 : 0;
    const statements = [
      db
        .prepare(
          `INSERT INTO wheel_spins (id, uid, campaign_id, key, seed_id, nonce, client_seed, ticket, sector_id, sector_index, weights, reward, reward_type, fallback_paid, created_at)
           SELECT ?1, ?2, c.id, ?4, sd.id, sd.next_nonce, ?7, ?8, s.id, ?10, ?11, ?12,
             CASE WHEN ?14 THEN s.reward_type ELSE s.fallback END, CASE WHEN ?14 THEN 0 ELSE 1 END, ?13
           FROM wheel_campaigns c JOIN wheel_sectors s ON s.id = ?9 AND s.campaign_id = c.id
             JOIN wheel_seeds sd ON sd.id = ?5 AND sd.uid = ?2 AND sd.revealed_at IS NULL AND sd.next_nonce = ?6
             JOIN wheel_spin_balances b ON b.uid = ?2 AND b.campaign_id = c.id AND b.spins >= 1
           WHERE c.id = ?3 AND ${OPEN("c", "?13")}
           ON CONFLICT DO NOTHING`,
        )
        .bind(
          id,
          ctx.uid,
          campaignId,
          key,
          seed.id,
          seed.next_nonce,
          seed.client_seed,
          draw.ticket,
          sector.id,
          draw.index,
          JSON.stringify(weights),
          JSON.stringify(snapshot),
          now,
          inStock,
        ),
      ...afterSpin(db, ctx.uid, id, seed, now),
      // The winners list is the site's projection, owed by the spin's batch (decision 0075).
      owedWinner(db, id, now),
    ];
    // The prize through the one reward path, only if this batch wrote the spin with its prize in
    // stock; else the sector's fallback (points or nothing). Spins won are the spin ledger's
    // 'reward' rows, points the loyalty ledger's 'wheel' rows.
    const prize = configuredReward(sector.reward_type, sector, currency);
    const source: RewardSource = {
      uid: ctx.uid,
      key: `wheel:${id}`,
      wallet: { type: "wheel_reward", reference: id },
      ledger: { reason: prize.type === "spins" ? "reward" : "wheel", ref: id },
      guard: { sql: "EXISTS (SELECT 1 FROM wheel_spins WHERE id = ?1 AND fallback_paid = 0)", params: [id] },
      now,
    };
    const fallback: Reward = sector.fallback === "points" && sector.fallback_points ? { type: "points", points: sector.fallback_points } : { type: "nothing" };
    statements.push(
      ...rewardStatements(db, fallback, {
        ...source,
        ledger: { reason: "wheel", ref: id },
        guard: { sql: "EXISTS (SELECT 1 FROM wheel_spins WHERE id = ?1 AND fallback_paid = 1)", params: [id] },
      }),
    );
    const granted =
      prize.type === "bonus" || prize.type === "freespins"
        ? [
            db
              .prepare("UPDATE wheel_spins SET bonus_id = (SELECT id FROM player_bonuses WHERE uid = ?2 AND grant_key = 'wheel:' || ?1) WHERE id = ?1")
              .bind(id, ctx.uid),
          ]
        : [];
    let spun: SpinRow | null;
    try {
      await payReward(deps, statements, prize, source, granted);
      spun = await readSpin(db, "sp.id = ?1", id);
    } catch (e) {
      await settleReservation(ctx, reservation, key);
      throw e;
    }
    if (spun) {
      if (reservation) await settleStock(ctx.db, reservation, true);
      await deliverOwedWinner(ctx.env, db, ctx.uid, id);
      announceNotices(deps, ctx.uid, now);
      return answer(ctx, spun, campaignId, false);
    }
    const raced = await settleReservation(ctx, reservation, key);
    if (raced) return answer(ctx, raced, campaignId, true);
    const fresh = await currentSeed(db, ctx.uid);
    if (fresh.id !== seed.id || fresh.next_nonce !== seed.next_nonce) continue;
    if (!isOpen(await readCampaign(ctx.db, campaignId), Date.now())) throw wheelError("campaign_closed", "This wheel is not running now", 409);
    throw wheelError("no_spins", "You have no spins left on this wheel", 409);
  }
  throw new PlatformError("InvalidParameter", "Too many spins at once: try again", { status: 409 });
}

/**
 * When this attempt wrote no spin (raced, refused, failed): the spin a concurrent attempt with the
 * same key wrote, if any, and the reservation settled by it (consumed when that spin paid this
 * sector's prize, so used the unit, else given back).
 */
async function settleReservation(ctx: PlatformContext, reservation: Reservation | null, key: string): Promise<SpinRow | null> {
  let raced: SpinRow | null = null;
  try {
    raced = await findByKey(ctx.player(), ctx.uid, key);
  } catch (e) {
    // Not knowing whether the unit was used: the cron's sweep settles it from the player's tables.
    console.error("wheel.spin: the spin could not be read back; its reservation is left to the sweep:", e);
    return null;
  }
  if (reservation) await settleStock(ctx.db, reservation, raced !== null && raced.sector_id === reservation.itemId && !raced.fallback_paid);
  return raced;
}

/** Everything the spin `id` moves besides its prize; each statement applies only if this batch wrote it. */
function afterSpin(db: D1Database, uid: number, id: string, seed: SeedRow, now: number): D1PreparedStatement[] {
  const batch = crypto.randomUUID();
  const written = `EXISTS (SELECT 1 FROM wheel_spins WHERE id = ?1)`;
  return [
    db.prepare(`UPDATE wheel_seeds SET next_nonce = next_nonce + 1 WHERE id = ?2 AND ${written}`).bind(id, seed.id),
    db
      .prepare(
        `INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, ref, delta, created_at, batch_id)
         SELECT uid, campaign_id, 'spin:' || id, 'spin', id, -1, created_at, ?2 FROM wheel_spins WHERE id = ?1`,
      )
      .bind(id, batch),
    settleSpinDebits(db, uid, batch, now),
  ];
}

async function answer(ctx: PlatformContext, spin: SpinRow, campaignId: number, replayed: boolean) {
  if (spin.campaign_id !== campaignId) throw wheelError("key_reused", "This key was used to spin another wheel", 400);
  return {
    spin: spinView(spin, ctx, false),
    spin_balance: await spinBalance(ctx.player(), ctx.uid, campaignId),
    fairness: fairnessOf(await currentSeed(ctx.player(), ctx.uid)),
    replayed,
  };
}
