import type { WheelReward, WheelSpin } from "../../../core/api/contract-wheel";
import type { PlatformContext } from "../core/context";
import { maskedName } from "../core/names";
import { prizeTitle, readCampaign } from "./view";

/**
 * Reading spins (decision 0047): the player's own (wheelRewardsGet: those that paid something;
 * wheelSpinResults scope mine: all), and everyone's paying spins with masked names (scope
 * winners). A spin's server seed is shown only once its seed was revealed.
 */

export interface SpinRow {
  id: string;
  uid: number;
  campaign_id: number;
  key: string;
  seed_id: number;
  nonce: number;
  client_seed: string;
  ticket: number;
  sector_id: number;
  sector_index: number;
  weights: string;
  reward: string;
  reward_type: WheelReward["type"];
  fallback_paid: number;
  bonus_id: string | null;
  created_at: number;
  server_seed_hash: string;
  server_seed: string | null;
  sector_texts: string;
  /** Only for everyone's spins (WINNER_SELECT). */
  login: string | null;
  fakename: string | null;
}

const SPIN_COLUMNS = `sp.*, sd.server_seed_hash, CASE WHEN sd.revealed_at IS NOT NULL THEN sd.server_seed END AS server_seed, s.texts AS sector_texts`;
const SPIN_FROM = "FROM wheel_spins sp JOIN wheel_seeds sd ON sd.id = sp.seed_id JOIN wheel_sectors s ON s.id = sp.sector_id";

/** One player's spins, from their tables (decision 0075): no names (their `users` row in D1 is not joined). */
export const SPIN_SELECT = `SELECT ${SPIN_COLUMNS}, NULL AS login, NULL AS fakename ${SPIN_FROM}`;

/**
 * Everyone's paying spins with the players' names (scope winners): across players, so the site's
 * projection in D1 (wheel/winners.ts; the spins are in the players' objects, decision 0075). Its
 * seed is the commitment (the hash); the revealed seed stays with the player's own spins.
 */
const WINNER_SELECT = `SELECT sp.*, NULL AS key, NULL AS seed_id, NULL AS bonus_id, NULL AS server_seed, s.texts AS sector_texts, u.login, u.fakename
  FROM wheel_winners sp JOIN wheel_sectors s ON s.id = sp.sector_id JOIN users u ON u.uid = sp.uid`;

/** What the spin paid: its snapshot's prize (titled in the reader's locale), or its fallback. */
function paidOf(r: SpinRow, ctx: PlatformContext): WheelReward {
  const snapshot = JSON.parse(r.reward) as { prize: WheelReward; fallback: WheelReward | null };
  if (r.fallback_paid === 1 && snapshot.fallback) return snapshot.fallback;
  // Titled in the reader's locale with the numbers it paid (the snapshot's amount, in the currency paid).
  return { ...snapshot.prize, title: prizeTitle(r.sector_texts, snapshot.prize, ctx.locale, ctx.defaultLocale, snapshot.prize.title) };
}

export function spinView(r: SpinRow, ctx: PlatformContext, withPlayer: boolean): WheelSpin {
  return {
    id: r.id,
    campaign_id: r.campaign_id,
    created_at: r.created_at,
    sector_id: r.sector_id,
    sector_index: r.sector_index,
    reward: paidOf(r, ctx),
    bonus_id: withPlayer ? null : r.bonus_id,
    player: withPlayer ? maskedName(r.fakename ?? "", r.login ?? "") : null,
    server_seed_hash: r.server_seed_hash,
    server_seed: r.server_seed,
    client_seed: r.client_seed,
    nonce: r.nonce,
    weights: JSON.parse(r.weights) as number[],
    ticket: r.ticket,
  };
}

export async function readSpin(db: D1Database, where: string, ...binds: unknown[]): Promise<SpinRow | null> {
  return db
    .prepare(`${SPIN_SELECT} WHERE ${where}`)
    .bind(...binds)
    .first<SpinRow>();
}

interface Page {
  campaign_id: number;
  offset: number;
  count: number;
}

/** A page of spins: `db` one player's tables (SPIN_SELECT), or D1 for everyone's (WINNER_SELECT, withPlayer). */
async function spinPage(ctx: PlatformContext, db: D1Database, where: string, binds: unknown[], page: Page, withPlayer: boolean) {
  await readCampaign(ctx.db, page.campaign_id);
  const n = binds.length;
  const select = withPlayer ? WINNER_SELECT : SPIN_SELECT;
  const [rows, total] = await db.batch([
    db.prepare(`${select} WHERE ${where} ORDER BY sp.created_at DESC, sp.id LIMIT ?${n + 1} OFFSET ?${n + 2}`).bind(...binds, page.count, page.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM ${withPlayer ? "wheel_winners" : "wheel_spins"} sp WHERE ${where}`).bind(...binds),
  ]);
  return {
    items: (rows!.results as unknown as SpinRow[]).map((r) => spinView(r, ctx, withPlayer)),
    count: (total!.results[0] as { n: number }).n,
  };
}

/** The player's spins of a campaign that paid something (the gifts received), newest first. */
export const wheelRewardsGet = (ctx: PlatformContext, page: Page) =>
  spinPage(ctx, ctx.player(), "sp.uid = ?1 AND sp.campaign_id = ?2 AND sp.reward_type <> 'nothing'", [ctx.uid, page.campaign_id], page, false);

/** scope mine: every spin of the player (none for a visitor); winners: everyone's paying spins, names masked. */
export async function wheelSpinResults(ctx: PlatformContext, page: Page & { scope: "mine" | "winners" }) {
  if (page.scope === "mine") {
    if (ctx.uid <= 0) {
      await readCampaign(ctx.db, page.campaign_id);
      return { items: [], count: 0 };
    }
    return spinPage(ctx, ctx.player(), "sp.uid = ?1 AND sp.campaign_id = ?2", [ctx.uid, page.campaign_id], page, false);
  }
  // Across players, on D1: the spins' projection (decision 0075).
  return spinPage(ctx, ctx.db, "sp.campaign_id = ?1 AND sp.reward_type <> 'nothing'", [page.campaign_id], page, true);
}
